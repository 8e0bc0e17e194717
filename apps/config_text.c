/* A configuration file's text (config_text.h): read whole, then walked
 * the way libconfig 1.5's scanner would walk it, to check what libconfig
 * does not (@include targets, integer widths). */
#define _POSIX_C_SOURCE 200809L

#include "config_text.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats.h"

/* The name of a file that path @included (libconfig gives it as written;
 * it was opened in path's directory, an absolute name too, as
 * include_path builds it), for messages. */
static void include_name(const char *file, const char *path, char *buf, size_t n) {
  const char *slash = strrchr(path, '/');
  int dir_len = slash ? (int)(slash - path) + 1 : 0;
  snprintf(buf, n, "%.*s%s", dir_len, path, file);
}

/* "file:line" for a line of path, or of the file it @included. */
void app_source_where(const char *file, int line, const char *path, char *buf, size_t n) {
  char name[AMG_MESSAGE_MAX - 32]; /* room in buf for ":line" */
  if (file)
    include_name(file, path, name, sizeof name);
  snprintf(buf, n, "%s:%d", file ? name : path, line);
}

/* ", in: LINE" for line `line` (1-based) of text, trimmed and cut at 72
 * characters; "" if there is no such line or it is blank. */
void app_quote_line(const char *text, int line, char *buf, size_t n) {
  buf[0] = '\0';
  for (int k = 1; k < line && text; k++) {
    text = strchr(text, '\n');
    text = text ? text + 1 : NULL;
  }
  if (!text || line < 1)
    return;
  text += strspn(text, " \t");
  int len = (int)strcspn(text, "\r\n");
  while (len > 0 && (text[len - 1] == ' ' || text[len - 1] == '\t'))
    len--;
  if (len > 0)
    snprintf(buf, n, ", in: %.*s%s", len < 72 ? len : 72, text, len > 72 ? "..." : "");
}

/* A configuration file is text of a few kilobytes: reading stops here, so
 * that an endless stream (/dev/zero, a pipe from `yes`) is refused, not
 * read until memory runs out. */
#define CONFIG_BYTES_MAX (16 << 20)

/* The rest of f as a string, f closed; a NUL byte (reading stops at the
 * first) or more than CONFIG_BYTES_MAX bytes is refused. name: f in
 * messages. */
static amg_status read_stream(FILE *f, const char *name, char **out) {
  size_t len = 0, cap = 4096;
  char *text = malloc(cap);
  int nul = 0;
  while (text) {
    size_t got = fread(text + len, 1, cap - 1 - len, f);
    nul = memchr(text + len, '\0', got) != NULL;
    len += got;
    if (len < cap - 1 || nul || len > CONFIG_BYTES_MAX)
      break;
    char *grown = realloc(text, cap * 2);
    if (!grown) {
      free(text);
      text = NULL;
    } else {
      text = grown;
      cap *= 2;
    }
  }
  if (!text) {
    fclose(f);
    return amg_error(AMG_ERR_NOMEM, "%s: out of memory reading the file", name);
  }
  int failed = ferror(f);
  int err = errno;
  fclose(f);
  if (failed) {
    free(text);
    return amg_error(AMG_ERR_IO, "%s: cannot read: %s", name, strerror(err));
  }
  text[len] = '\0';
  const char *not_text = fmt_not_plain_text(text, len);
  if (not_text) {
    free(text);
    return amg_error(AMG_ERR_CONFIG, "%s: the file %s", name, not_text);
  }
  if (strlen(text) != len) {
    int line = 1;
    for (const char *p = text; *p; p++)
      line += *p == '\n';
    free(text);
    return amg_error(AMG_ERR_CONFIG, "%s:%d: NUL byte (not a text file)", name, line);
  }
  if (len > CONFIG_BYTES_MAX) {
    free(text);
    return amg_error(AMG_ERR_CONFIG, "%s: more than %d MiB: not a configuration file", name, CONFIG_BYTES_MAX >> 20);
  }
  *out = text;
  return AMG_OK;
}

/* The configuration file that st describes, or NULL. */
const struct app_config_file *app_noted_config_file(const app_config *cfg, const struct stat *st) {
  for (int k = 0; k < cfg->config_files; k++)
    if (cfg->config_file[k].dev == (uint64_t)st->st_dev && cfg->config_file[k].ino == (uint64_t)st->st_ino)
      return &cfg->config_file[k];
  return NULL;
}

/* Adds the configuration file st (name: as messages show it) to
 * cfg->config_file, once; cfg NULL: nothing to record. */
static amg_status note_config_file(app_config *cfg, const struct stat *st, const char *name) {
  if (!cfg || app_noted_config_file(cfg, st))
    return AMG_OK;
  if (cfg->config_files == APP_CONFIG_FILES_MAX)
    return amg_error(AMG_ERR_CONFIG, "%s: more than %d configuration files (the file and its @includes)", name,
                     APP_CONFIG_FILES_MAX);
  struct app_config_file *file = &cfg->config_file[cfg->config_files++];
  file->dev = (uint64_t)st->st_dev;
  file->ino = (uint64_t)st->st_ino;
  snprintf(file->name, sizeof file->name, "%.*s", (int)sizeof file->name - 1, name);
  return AMG_OK;
}

/* The whole file as a string; a directory or a NUL byte is refused. The
 * file is noted in cfg's configuration files (cfg NULL: not). */
amg_status app_text_read(const char *path, char **out, app_config *cfg) {
  FILE *f = fmt_open_file(path, 0);
  if (!f)
    return amg_error(AMG_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
  struct stat st;
  amg_status s = AMG_OK;
  if (fstat(fileno(f), &st) == 0) {
    if (S_ISDIR(st.st_mode))
      s = amg_error(AMG_ERR_IO, "%s: cannot open: %s", path, strerror(EISDIR));
    else if (S_ISREG(st.st_mode) || S_ISFIFO(st.st_mode)) /* a pipe too: no input may read it again */
      s = note_config_file(cfg, &st, path);
  }
  if (s != AMG_OK) {
    fclose(f);
    return s;
  }
  return read_stream(f, path, out);
}

/* ---- what libconfig 1.5 does not check: @include targets, integer widths ---- */

#define INCLUDE_DEPTH_MAX 10 /* libconfig 1.5 refuses an @include in a file this deep */

typedef enum lex_kind { LEX_END, LEX_INTEGER, LEX_INCLUDE } lex_kind;

/* libconfig 1.5's scanner keeps its state from one file to the next: a
 * comment, a string or an @include name that an @included file leaves open
 * goes on in the text after the @include. The walk carries that state the
 * same way. */
#define OPEN_KEPT 64 /* groups, lists and arrays open at once that the walk follows */

typedef struct lex_carry {
  enum { CARRY_NONE, CARRY_COMMENT, CARRY_STRING, CARRY_INCLUDE } state;
  int line;                   /* where the comment, string or @include name opened, */
  char name[AMG_MESSAGE_MAX]; /* in this file */
  /* CARRY_INCLUDE: the @include name read so far, escapes resolved
     (malloc'd; NULL without memory), and its directive's line from
     app_quote_line. An included file that ends inside the name leaves the
     rest to the files that include it, as libconfig's scanner reads it. */
  char *include_so_far;
  char include_quoted[96];
  char include_stray[AMG_MESSAGE_MAX]; /* the error for a backslash in the name that libconfig drops; "": none */
  /* The '{', '(' and '[' not closed yet, across @includes as libconfig's
     parser sees them, with their file (malloc'd; NULL without memory) and
     line. A closer closes the innermost opener. A closer of another kind or
     with nothing open, or more than OPEN_KEPT open at once, set untracked:
     any error is then left to libconfig. */
  int open, untracked;
  app_text_end end; /* the files that end in a # or // comment with no newline after it */
  struct {
    char bracket;
    int line;
    char *name;
  } opened[OPEN_KEPT];
} lex_carry;

/* A walk over a file's text that follows libconfig 1.5's scanner only as
 * far as it must: comments, strings and names are skipped, number tokens
 * are read whole, and it stops at plain or L integers and at @include
 * directives. A block comment never closed is noted in the carry: libconfig
 * 1.5 ignores the rest of the configuration without a word. */
typedef struct lexer {
  const char *name; /* the file, in messages */
  lex_carry *carry;
  const char *text, *p;
  int line;
  const char *tok; /* LEX_INTEGER: the literal as written, len bytes */
  int len, tok_line; /* the token's line */
  char *target;      /* LEX_INCLUDE: the file name as libconfig reads it (malloc'd, NULL: no memory) */
  int target_carried; /* LEX_INCLUDE: its directive opened in an included file (the carry's name and line) */
  int comment_at_end; /* the line of a # or // comment with no newline after it, which libconfig 1.5
                         reads as a syntax error; 0 for none */
} lexer;

/* After the opening quote of an @include directive at p, or NULL: libconfig
 * matches ^[ \t]*@include[ \t]+" at the start of a line only. */
static const char *include_open(const char *text, const char *p) {
  if (p != text && p[-1] != '\n')
    return NULL;
  p += strspn(p, " \t");
  if (strncmp(p, "@include", 8))
    return NULL;
  size_t blank = strspn(p + 8, " \t");
  return blank > 0 && p[8 + blank] == '"' ? p + 9 + blank : NULL;
}

/* The most of a file's name that an @include message shows: a path of
 * PATH_MAX (4096) and the rest of the message fit in AMG_MESSAGE_MAX. */
#define NAME_SHOWN_MAX (AMG_MESSAGE_MAX - 320)

/* A backslash at w, in the part of an @include name from q, that libconfig
 * drops (before `after`; 0: the end of the file): its error, at its own
 * file:line, kept in the carry for the name's check_include. */
static void note_stray(lexer *lx, const char *q, const char *w, int after) {
  int line = lx->line;
  for (const char *c = q; c < w; c++)
    line += *c == '\n';
  char what[24] = "the end of its file", quoted[96];
  if (after > 0 && isprint(after))
    snprintf(what, sizeof what, "'%c'", after);
  else if (after == '\n')
    snprintf(what, sizeof what, "a line break");
  else if (after > 0)
    snprintf(what, sizeof what, "byte 0x%02x", after);
  app_quote_line(lx->text, line, quoted, sizeof quoted);
  snprintf(lx->carry->include_stray, sizeof lx->carry->include_stray,
           "%.*s:%d: the @include file name has a backslash before %s, which libconfig 1.5 drops (and prints to "
           "stdout); write \\\\ for a backslash%s",
           NAME_SHOWN_MAX, lx->name, line, what, quoted);
}

/* The file name from q (after the opening quote, or in the text after an
 * @include of a file that ended inside the name) to the closing quote,
 * which lx->p is moved past: \\ and \" are escapes, any other backslash is
 * dropped, as libconfig's scanner does. Its tokens never span two files,
 * so each file's part of the name is read on its own (a backslash that ends
 * one is dropped). LEX_END where the text ends first: the name so far stays
 * open in the carry. */
static lex_kind lex_include(lexer *lx, const char *q) {
  lex_carry *carry = lx->carry;
  const char *e = q;
  int lines = 0;
  for (; *e && *e != '"'; e++) {
    if (*e == '\\' && e[1]) e++;
    lines += *e == '\n';
  }
  int carried = carry->state == CARRY_INCLUDE;
  if (!carried)
    carry->include_stray[0] = '\0';
  const char *before = carried && carry->include_so_far ? carry->include_so_far : "";
  size_t had = strlen(before);
  char *name = carried && !carry->include_so_far ? NULL : malloc(had + (size_t)(e - q) + 1);
  if (name) {
    memcpy(name, before, had);
    char *t = name + had;
    for (const char *w = q; w < e; w++)
      if (*w != '\\')
        *t++ = *w;
      else if (w + 1 < e && (w[1] == '\\' || w[1] == '"'))
        *t++ = *++w;
      else if (!carry->include_stray[0])
        note_stray(lx, q, w, w + 1 < e ? (unsigned char)w[1] : 0);
    *t = '\0';
  }
  free(carry->include_so_far);
  carry->include_so_far = NULL;
  if (!*e) {
    if (!carried) {
      carry->state = CARRY_INCLUDE;
      carry->line = lx->line;
      snprintf(carry->name, sizeof carry->name, "%s", lx->name);
      app_quote_line(lx->text, lx->line, carry->include_quoted, sizeof carry->include_quoted);
    }
    carry->include_so_far = name;
    lx->line += lines;
    lx->p = e;
    return LEX_END;
  }
  carry->state = CARRY_NONE;
  lx->target_carried = carried;
  lx->tok_line = lx->line;
  lx->line += lines;
  lx->p = e + 1;
  lx->target = name;
  return LEX_INCLUDE;
}

/* A number token from p, lx->p moved past it: LEX_INTEGER with lx->tok and
 * len set, or LEX_END for a float. */
static lex_kind lex_number(lexer *lx, const char *p) {
  const char *start = p;
  if (*p == '-' || *p == '+') p++;
  int hex = p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
  int is_float = 0;
  for (; *p; p++) {
    if (*p == '.' || (!hex && (*p == 'e' || *p == 'E'))) is_float = 1;
    if (isalnum((unsigned char)*p) || *p == '.') continue;
    if ((*p == '+' || *p == '-') && !hex && (p[-1] == 'e' || p[-1] == 'E')) continue;
    break;
  }
  lx->p = p;
  if (is_float)
    return LEX_END;
  lx->tok = start;
  lx->len = (int)(p - start);
  lx->tok_line = lx->line;
  return LEX_INTEGER;
}

/* Past the comment or string that lx->carry holds open, from lx->p: to
 * its end (the carry closed), or to the text's end (still open). */
static void lex_resume(lexer *lx) {
  const char *p = lx->p;
  if (lx->carry->state == CARRY_COMMENT) {
    for (; *p && !(p[0] == '*' && p[1] == '/'); p++)
      lx->line += *p == '\n';
    lx->p = *p ? p + 2 : p;
  } else if (lx->carry->state == CARRY_STRING) {
    for (; *p && *p != '"'; p++) {
      if (*p == '\\' && p[1]) p++;
      lx->line += *p == '\n';
    }
    lx->p = *p ? p + 1 : p;
  }
  if (*p)
    lx->carry->state = CARRY_NONE;
}

/* A comment or string opened here, body at `body`: lx moves past its end,
 * or to the text's end, leaving it open in the carry. */
static void lex_open(lexer *lx, int state, const char *body) {
  lx->carry->state = state;
  lx->carry->line = lx->line;
  snprintf(lx->carry->name, sizeof lx->carry->name, "%s", lx->name);
  lx->p = body;
  lex_resume(lx);
}

/* A bracket at lx->p: an opener is noted, a closer closes the innermost. */
static void lex_bracket(lexer *lx, char c) {
  lex_carry *carry = lx->carry;
  if (carry->untracked)
    return;
  if (c == '{' || c == '(' || c == '[') {
    if (carry->open == OPEN_KEPT) {
      carry->untracked = 1;
      return;
    }
    carry->opened[carry->open].bracket = c;
    carry->opened[carry->open].line = lx->line;
    carry->opened[carry->open].name = strdup(lx->name);
    carry->open++;
    return;
  }
  char opener = c == '}' ? '{' : c == ')' ? '(' : '[';
  if (carry->open == 0 || carry->opened[carry->open - 1].bracket != opener)
    carry->untracked = 1;
  else
    free(carry->opened[--carry->open].name);
}

static lex_kind lex_next(lexer *lx) {
  if (lx->carry->state == CARRY_INCLUDE)
    return lex_include(lx, lx->p);
  lex_resume(lx);
  for (;;) {
    const char *p = lx->p, *q;
    unsigned char c = (unsigned char)*p;
    if (!c)
      return LEX_END;
    if ((q = include_open(lx->text, p)))
      return lex_include(lx, q);
    if (c == '\n') {
      lx->line++;
      lx->p++;
    } else if (c == '#' || (c == '/' && p[1] == '/')) {
      lx->p += strcspn(p, "\n");
      if (!*lx->p)
        lx->comment_at_end = lx->line;
    } else if (c == '/' && p[1] == '*') {
      lex_open(lx, CARRY_COMMENT, p + 2);
    } else if (c == '"') {
      lex_open(lx, CARRY_STRING, p + 1);
    } else if (isalpha(c) || c == '*' || c == '@') {
      for (p++; isalnum((unsigned char)*p) || *p == '_' || *p == '-' || *p == '*'; p++) {}
      lx->p = p;
    } else if (isdigit(c) || (c == '.' && isdigit((unsigned char)p[1])) ||
               ((c == '-' || c == '+') && isdigit((unsigned char)p[1]))) {
      if (lex_number(lx, p) == LEX_INTEGER)
        return LEX_INTEGER;
    } else {
      if (strchr("{([})]", c))
        lex_bracket(lx, (char)c);
      lx->p++;
    }
  }
}

/* An integer literal libconfig 1.5 would get wrong: a plain one outside 32
 * bits wraps (3000000000 reads as -1294967296), an L one outside 64 bits
 * saturates. name: the file in messages. */
static amg_status check_integer(const char *name, int line, const char *tok, int len) {
  enum { SHOWN = 40 }; /* a longer literal is cut, so that the message keeps its reason */
  int shown = len > SHOWN ? SHOWN : len;
  const char *cut = len > SHOWN ? "..." : "";
  const char *digits = tok + (tok[0] == '-' || tok[0] == '+');
  int hex = digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X');
  errno = 0;
  long long v = strtoll(tok, NULL, hex ? 16 : 10);
  if (errno == ERANGE)
    return amg_error(AMG_ERR_CONFIG, "%s:%d: integer %.*s%s does not fit in 64 bits", name, line, shown, tok, cut);
  if (tok[len - 1] != 'L' && (v > INT32_MAX || v < INT32_MIN) && !cut[0])
    return amg_error(AMG_ERR_CONFIG,
                     "%s:%d: integer %.*s does not fit in 32 bits (libconfig would wrap it; "
                     "write %.*sL for a 64-bit integer)",
                     name, line, len, tok, len, tok);
  if (tok[len - 1] != 'L' && (v > INT32_MAX || v < INT32_MIN))
    return amg_error(AMG_ERR_CONFIG,
                     "%s:%d: integer %.*s... does not fit in 32 bits (libconfig would wrap it; "
                     "add an L suffix for a 64-bit integer)",
                     name, line, shown, tok);
  return AMG_OK;
}

/* dir/target, the file libconfig 1.5 opens for an @include (it puts the
 * include directory even before an absolute name); malloc'd. */
static char *include_path(const char *dir, const char *target) {
  size_t n = (dir ? strlen(dir) + 1 : 0) + strlen(target) + 1;
  char *file = malloc(n);
  if (file)
    snprintf(file, n, "%s%s%s", dir ? dir : "", dir ? "/" : "", target);
  return file;
}

/* An @include's file, read whole: it must be a readable regular file (on a
 * directory libconfig's scanner exits the process), else an error at the
 * directive. where: "file:line"; quoted: the directive, from app_quote_line. */
static amg_status read_include(const char *where, const char *quoted, const char *file, const char *shown,
                               char **text, app_config *cfg) {
  struct stat st;
  const char *why = NULL;
  FILE *f = NULL;
  if (stat(file, &st) != 0)
    why = strerror(errno);
  else if (!S_ISREG(st.st_mode))
    why = S_ISDIR(st.st_mode) ? strerror(EISDIR) : "not a regular file";
  else if (!(f = fopen(file, "r")))
    why = strerror(errno);
  if (why)
    return amg_error(AMG_ERR_CONFIG, "%s: cannot open include file%s (%s: %s)", where, quoted, file, why);
  amg_status s = note_config_file(cfg, &st, shown);
  if (s != AMG_OK) {
    fclose(f);
    return s;
  }
  return read_stream(f, shown, text);
}

static amg_status check_text(const char *name, const char *text, const char *dir, const char *path, int depth,
                             int ints, int *too_deep, lex_carry *carry, app_config *cfg);

/* The file of the @include that lx stopped at, and the files it includes. */
static amg_status check_include(const char *name, const char *text, const lexer *lx, const char *dir,
                                const char *path, int depth, int ints, int *too_deep, app_config *cfg) {
  lex_carry *carry = lx->carry;
  char where[AMG_MESSAGE_MAX], quoted[96], shown[AMG_MESSAGE_MAX];
  char *file = lx->target ? include_path(dir, lx->target) : NULL, *inc = NULL;
  if (!file)
    return amg_error(AMG_ERR_NOMEM, "%s:%d: out of memory", name, lx->tok_line);
  if (lx->target_carried) { /* the directive opened in an included file, and its name ends here */
    snprintf(where, sizeof where, "%.*s:%d", (int)sizeof where - 16, carry->name, carry->line);
    snprintf(quoted, sizeof quoted, "%s", carry->include_quoted);
  } else {
    snprintf(where, sizeof where, "%s:%d", name, lx->tok_line);
    app_quote_line(text, lx->tok_line, quoted, sizeof quoted);
  }
  include_name(lx->target, path, shown, sizeof shown);
  amg_status st = carry->include_stray[0] ? amg_error(AMG_ERR_CONFIG, "%s", carry->include_stray)
                                          : read_include(where, quoted, file, shown, &inc, cfg);
  free(file);
  if (st == AMG_OK)
    st = check_text(shown, inc, dir, path, depth + 1, ints, too_deep, carry, cfg);
  free(inc);
  return st;
}

/* The text of one file (name in messages) at include depth `depth`, and the
 * files it @includes: each @include names a readable regular file; with
 * ints, no integer literal wraps or saturates. The first check runs before
 * libconfig reads the text, with ints after it has accepted the syntax.
 * dir: libconfig's include directory (NULL for none); path: the config file.
 * An @include at INCLUDE_DEPTH_MAX sets *too_deep and ends the whole walk:
 * libconfig, reading in the same order, stops there with "include file
 * nesting too deep" (walking on would take exponential time on a file that
 * includes itself several times). Each file read is noted in cfg's
 * configuration files (cfg NULL: not). */
static amg_status check_text(const char *name, const char *text, const char *dir, const char *path, int depth,
                             int ints, int *too_deep, lex_carry *carry, app_config *cfg) {
  lexer lx = {.name = name, .carry = carry, .text = text, .p = text, .line = 1};
  amg_status st = AMG_OK;
  lex_kind k;
  while (st == AMG_OK && !*too_deep && !carry->end.included_line && (k = lex_next(&lx)) != LEX_END) {
    if (k == LEX_INTEGER) {
      if (ints)
        st = check_integer(name, lx.tok_line, lx.tok, lx.len);
    } else {
      if (depth < INCLUDE_DEPTH_MAX)
        st = check_include(name, text, &lx, dir, path, depth, ints, too_deep, cfg);
      else
        *too_deep = 1;
      free(lx.target);
      lx.target = NULL;
    }
  }
  if (st == AMG_OK && !*too_deep && !carry->end.included_line && lx.comment_at_end) {
    if (depth == 0) {
      carry->end.top = 1;
    } else { /* libconfig stops there: so does the walk */
      carry->end.included_line = lx.comment_at_end;
      snprintf(carry->end.included, sizeof carry->end.included, "%s", name);
    }
  }
  return st;
}

amg_status app_text_check(const char *path, const char *text, const char *dir, int ints, int *too_deep,
                          app_text_end *end, app_config *cfg) {
  lex_carry *carry = calloc(1, sizeof *carry);
  if (!carry)
    return amg_error(AMG_ERR_NOMEM, "%s: out of memory", path);
  amg_status st = check_text(path, text, dir, path, 0, ints, too_deep, carry, cfg);
  int inner = carry->open - 1; /* the innermost bracket left open */
  if (end)
    *end = carry->end;
  /* the whole text walked: libconfig stops where an include is too deep or an included file ends in a comment */
  int whole = st == AMG_OK && !*too_deep && !carry->end.included_line;
  if (whole && carry->state == CARRY_COMMENT)
    st = amg_error(AMG_ERR_CONFIG, "%s:%d: the comment opened here with /* is never closed; libconfig would "
                   "ignore the rest of the configuration", carry->name, carry->line);
  else if (whole && carry->state == CARRY_INCLUDE) /* libconfig: the @include ignored without a word */
    st = amg_error(AMG_ERR_CONFIG, "%s:%d: the @include file name opened here with \" is never closed%s", carry->name,
                   carry->line, carry->include_quoted);
  else if (whole && carry->state == CARRY_STRING) /* libconfig: "syntax error", or the rest ignored where a
                                                     setting could start */
    st = amg_error(AMG_ERR_CONFIG, "%s:%d: the string opened here with \" is never closed", carry->name,
                   carry->line);
  else if (whole && !carry->untracked && inner >= 0 && carry->opened[inner].name) {
    char b = carry->opened[inner].bracket;
    st = amg_error(AMG_ERR_CONFIG, "%s:%d: the %s opened here with '%c' is never closed", carry->opened[inner].name,
                   carry->opened[inner].line, b == '{' ? "group" : b == '(' ? "list" : "array", b);
  }
  for (int k = 0; k < carry->open; k++)
    free(carry->opened[k].name);
  free(carry->include_so_far);
  free(carry);
  return st;
}
