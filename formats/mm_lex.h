/* Line reading and tokens shared by the Matrix Market readers (mm_read.c:
 * matrices; mm_vector.c: vectors). Internal to formats/.
 *
 * Lines are read with fgets into a fixed buffer. A line that does not fit is
 * an error, never split in two; only a comment line ('%' after the first
 * line) may be longer, and its rest is skipped. A NUL byte anywhere in a
 * line is an error, the last line without its newline included.
 * Tokens are whitespace-delimited; integers are parsed by a digit loop and
 * reals by strtod, and either must take the whole token ("3x", "1.0junk"
 * fail). Every parse error is AMG_ERR_PARSE with the message "path:line: what". */
#ifndef FMT_MM_LEX_H
#define FMT_MM_LEX_H

#include <stdio.h>

#include "formats.h"

#define MM_LINE_MAX 4096 /* buffer bytes; a line holds at most 4094 characters + '\n' */
#define MM_SHOWN 40      /* characters of a bad token quoted in a message */
#define MM_SHOW(len) ((len) < MM_SHOWN ? (len) : MM_SHOWN)

typedef struct mm_file {
  FILE *f;
  const char *path;
  long long line; /* number of the line in buf, 1-based; 0 before the first */
  size_t end;     /* where the line in buf ends (its '\0'); the bytes past it are never '\0' */
  char buf[MM_LINE_MAX];
} mm_file;

/* Opens path for fmt_mm_read_line; r->f is NULL (errno set) where it cannot. */
void fmt_mm_open(mm_file *r, const char *path);

/* AMG_ERR_PARSE with "path:line: " in front of the formatted text. */
amg_status fmt_mm_parse_error(const mm_file *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Reads the next line into r->buf: 1 with a line, 0 at end of file or on
 * error (then *s is set). */
int fmt_mm_read_line(mm_file *r, amg_status *s);
/* Whether the line holds only whitespace. */
int fmt_mm_is_blank(const char *p);
/* fmt_mm_read_line past comment and blank lines: 1 with a line of data in
 * r->buf, 0 at end of file or on error (then *s is set). */
int fmt_mm_read_data_line(mm_file *r, amg_status *s);
/* The next token after *p: 1 and its start and length, or 0 when the line has no more. */
int fmt_mm_next_token(const char **p, const char **tok, int *len);
/* 0: the whole token is a decimal integer (optional sign, then digits);
 * 1: it is not; 2: it does not fit int64. */
int fmt_mm_parse_int(const char *tok, int len, long long *v);
/* The token as a finite double, or a parse error at r's line naming `what`; a nonzero
 * number that rounds to 0 is an error too. */
amg_status fmt_mm_parse_real(const mm_file *r, const char *tok, int len, const char *what, double *v);
/* A value of a file whose field is integer (any int64, as a double) or real
 * (fmt_mm_parse_real), with a parse error at r's line otherwise. */
amg_status fmt_mm_parse_value(const mm_file *r, const char *tok, int len, int integer, double *v);
/* The one value of r's line (neither blank nor a comment): a value as
 * fmt_mm_parse_value reads it, with nothing after it. */
amg_status fmt_mm_line_value(const mm_file *r, int integer, double *v);
/* The size line: the first line after the banner that is neither a comment
 * nor blank, holding exactly count (at most 3) integers into v, the k-th
 * named what[k] and within lo[k]..hi[k]; form ("m n nnz") names them in the
 * messages. */
amg_status fmt_mm_read_size_line(mm_file *r, int count, const char *form, const char *const *what,
                             const long long *lo, const long long *hi, long long *v);
/* A coordinate or array matrix (mm_read.c) from r, whose buf holds the
 * banner (line 1): the rest of the file in the same pass, so a pipe works.
 * system: as fmt_mm_read_system; vector_rows >= 0: it must be vector_rows x 1 (the
 * size line's messages say so). */
amg_status fmt_mm_read_opened(mm_file *r, int system, int32_t vector_rows, fmt_csr **out);
/* Case-insensitive comparison of a token with a lower-case keyword. */
int fmt_mm_word_is(const char *tok, int len, const char *word);

#endif
