/* A configuration file's text, read whole and checked before libconfig
 * parses it (private to the files of apps/app_config.h).
 *
 * libconfig 1.5 silently wraps a plain integer literal that does not fit in
 * 32 bits (3000000000 reads as -1294967296), saturates an L literal beyond
 * 64 bits, and exits the process when an @include names a directory. So the
 * file's text, and the text of every file it @includes, is scanned first:
 * each @include must name a readable regular file, and once libconfig has
 * accepted the syntax, such integer literals are errors. */
#ifndef APPS_CONFIG_TEXT_H
#define APPS_CONFIG_TEXT_H

#include <stddef.h>
#include <sys/stat.h>

#include "app_config.h"

/* The whole file as a string (malloc'd); a directory, a NUL byte or a
 * compressed or non-text file is refused. The file is noted in cfg's
 * configuration files (cfg NULL: not). */
amg_status app_text_read(const char *path, char **out, app_config *cfg);

/* Where texts end in a # or // comment with no newline after it, which
 * libconfig 1.5 reads as a syntax error: path's own text (top), and the
 * first @included file that does (its name as messages show it; line 0:
 * none), where libconfig's reading stops. */
typedef struct app_text_end {
  int top;
  int included_line;
  char included[AMG_MESSAGE_MAX];
} app_text_end;

/* The scan of path's text (read by app_text_read) and of the files
 * it @includes, as check_text in config_text.c describes: every @include a
 * readable regular file and, with ints, no integer literal that libconfig
 * would wrap or saturate. The scan stops, as libconfig does, at an included
 * file that ends in a comment (end->included_line).
 * dir: libconfig's include directory (NULL for none). *too_deep (0 before
 * the first scan) is set where libconfig will stop at its include depth;
 * *end (NULL: not asked) says which texts end in a comment; the files read
 * are noted in cfg (NULL: not). */
amg_status app_text_check(const char *path, const char *text, const char *dir, int ints, int *too_deep,
                          app_text_end *end, app_config *cfg);

/* The configuration file that st describes, or NULL. */
const struct app_config_file *app_noted_config_file(const app_config *cfg, const struct stat *st);

/* "file:line" for a line of path, or of the file it @included (file as
 * libconfig gives it; NULL for path itself). */
void app_source_where(const char *file, int line, const char *path, char *buf, size_t n);

/* ", in: LINE" for line `line` (1-based) of text, trimmed and cut at 72
 * characters; "" if there is no such line or it is blank. */
void app_quote_line(const char *text, int line, char *buf, size_t n);

#endif
