/* Dense vectors in files: the right-hand side b that amg_solve reads and the
 * solution x it writes.
 *
 * Read: a Matrix Market array ("%%MatrixMarket matrix array real general",
 * or integer, whose values must then be integers; a size line "n 1", then n
 * values), a Matrix Market coordinate matrix of n x 1 (as fmt_mm_read reads
 * it, in the same pass, so from a pipe too; entries not listed are 0), or a
 * plain list of one value per line. Comment
 * lines ('%', and '#' in a plain list) and blank lines are skipped. Lines and tokens as mm_lex.h reads them; every value must be a
 * finite double, and the count must be exactly n. Each error names path:line.
 * Write: the Matrix Market array form, values as "%.17g", which identifies a
 * double exactly, so reading gives back the same bits. */
#include <errno.h>
#include <string.h>

#include "mm_lex.h"

/* The banner in r->buf (a first line starting with %%MatrixMarket): a real
 * or (*integer set) integer general array, or (*coordinate set, the rest
 * left to fmt_mm_read_opened) a coordinate matrix. */
static amg_status check_banner(const mm_file *r, int *coordinate, int *integer) {
  const char *p = r->buf, *tok[5];
  int len[5];
  for (int k = 0; k < 5; k++)
    if (!fmt_mm_next_token(&p, &tok[k], &len[k]))
      return fmt_mm_parse_error(r, "incomplete banner, expected '%%%%MatrixMarket matrix array real general'");
  *coordinate = fmt_mm_word_is(tok[1], len[1], "matrix") && fmt_mm_word_is(tok[2], len[2], "coordinate");
  if (*coordinate)
    return AMG_OK;
  if (!fmt_mm_word_is(tok[1], len[1], "matrix") || !fmt_mm_word_is(tok[2], len[2], "array"))
    return fmt_mm_parse_error(r, "a vector must be a Matrix Market array ('%%%%MatrixMarket matrix array real "
                             "general') or an n x 1 coordinate matrix, not '%.*s %.*s'",
                          MM_SHOW(len[1]), tok[1], MM_SHOW(len[2]), tok[2]);
  *integer = fmt_mm_word_is(tok[3], len[3], "integer");
  if (!fmt_mm_word_is(tok[3], len[3], "real") && !*integer)
    return fmt_mm_parse_error(r, "field '%.*s' is not supported for a vector (real or integer)", MM_SHOW(len[3]),
                          tok[3]);
  if (!fmt_mm_word_is(tok[4], len[4], "general"))
    return fmt_mm_parse_error(r, "symmetry '%.*s' is not supported for a vector (general)", MM_SHOW(len[4]), tok[4]);
  if (fmt_mm_next_token(&p, &tok[0], &len[0]))
    return fmt_mm_parse_error(r, "trailing characters after the banner: '%.*s'", MM_SHOW(len[0]), tok[0]);
  return AMG_OK;
}

/* An array's size line: "rows 1", with rows == n. */
static amg_status read_size(mm_file *r, int32_t n) {
  static const char *const what[2] = {"row count", "column count"};
  static const long long lo[2] = {0, 0}, hi[2] = {FMT_MAX_DIM, FMT_MAX_DIM};
  long long v[2];
  amg_status s = fmt_mm_read_size_line(r, 2, "rows 1", what, lo, hi, v);
  if (s != AMG_OK)
    return s;
  if (v[1] != 1)
    return fmt_mm_parse_error(r, "a vector has 1 column, the size line says %lld x %lld", v[0], v[1]);
  if (v[0] != n)
    return fmt_mm_parse_error(r, "the vector has %lld rows, the matrix needs %d", v[0], n);
  return AMG_OK;
}

/* The values after the header (if any), one per line, into x[0 .. n-1];
 * integers where the banner says so. */
static amg_status read_values(mm_file *r, int plain, int integer, int32_t n, double *x) {
  amg_status s = AMG_OK;
  int32_t count = 0;
  int first = plain; /* in a plain list, r->buf already holds the first value's line */
  while (first || fmt_mm_read_line(r, &s)) {
    first = 0;
    if (r->buf[0] == '%' || (plain && r->buf[0] == '#') || fmt_mm_is_blank(r->buf))
      continue;
    double v;
    if ((s = fmt_mm_line_value(r, integer, &v)) != AMG_OK)
      return s;
    if (count == n)
      return fmt_mm_parse_error(r, "more than the %d values the matrix needs", n);
    x[count++] = v;
  }
  if (s != AMG_OK)
    return s;
  if (count < n)
    return fmt_mm_parse_error(r, "%d value%s, the matrix needs %d", count, count == 1 ? "" : "s", n);
  return AMG_OK;
}

/* The n x 1 coordinate matrix read from r (its banner in buf) as the dense vector x. */
static amg_status read_coordinate(mm_file *r, int32_t n, double *x) {
  fmt_csr *c = NULL;
  amg_status s = fmt_mm_read_opened(r, 0, n, &c);
  for (int32_t i = 0; i < n && s == AMG_OK; i++) /* duplicates are summed already */
    x[i] = c->row_ptr[i + 1] > c->row_ptr[i] ? c->val[c->row_ptr[i]] : 0.0;
  fmt_csr_destroy(c);
  return s;
}

amg_status fmt_mm_read_vector(const char *path, int32_t n, double *x) {
  if (!path || !x)
    return amg_error(AMG_ERR_ARG, "mm_read_vector: %s is NULL", path ? "x" : "path");
  if (n < 0)
    return amg_error(AMG_ERR_ARG, "mm_read_vector: n = %d", n);
  mm_file file, *r = &file;
  fmt_mm_open(r, path);
  if (!r->f)
    return amg_error(AMG_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
  amg_status s = AMG_OK;
  int plain = 1, found = 0; /* found: a line that is not blank, now in r->buf */
  while (!found && fmt_mm_read_line(r, &s)) { /* the first line that is not blank decides the form */
    if (fmt_mm_is_blank(r->buf))
      continue;
    const char *p = r->buf, *tok;
    int len;
    fmt_mm_next_token(&p, &tok, &len);
    plain = !fmt_mm_word_is(tok, len, "%%matrixmarket");
    found = 1;
  }
  if (s == AMG_OK && r->line == 0 && n > 0)
    s = amg_error(AMG_ERR_PARSE, "%s: empty file, the matrix needs %d values", path, n);
  if (s == AMG_OK && !plain && r->line > 1) /* as fmt_mm_read, which a coordinate file goes through */
    s = fmt_mm_parse_error(r, "the %%%%MatrixMarket banner must be the first line");
  int coordinate = 0, integer = 0;
  if (s == AMG_OK && !plain)
    s = check_banner(r, &coordinate, &integer);
  if (s == AMG_OK && coordinate)
    s = read_coordinate(r, n, x);
  else {
    if (s == AMG_OK && !plain)
      s = read_size(r, n);
    if (s == AMG_OK)
      s = read_values(r, found && plain, integer, n, x);
  }
  fclose(r->f);
  return s;
}

amg_status fmt_mm_write_vector(const char *path, int32_t n, const double *x) {
  if (!path || (!x && n > 0))
    return amg_error(AMG_ERR_ARG, "mm_write_vector: %s is NULL", path ? "x" : "path");
  if (n < 0)
    return amg_error(AMG_ERR_ARG, "mm_write_vector: n = %d", n);
  fmt_output out;
  if (fmt_output_open(&out, path) != 0)
    return amg_error(AMG_ERR_IO, "%s: cannot open for writing: %s", path, strerror(errno));
  int failed = fprintf(out.f, "%%%%MatrixMarket matrix array real general\n%d 1\n", n) < 0, err = failed ? errno : 0;
  for (int32_t i = 0; i < n && !failed; i++)
    if (fprintf(out.f, "%.17g\n", x[i]) < 0) {
      failed = 1;
      err = errno;
    }
  const char *note;
  if (fmt_output_close(&out, failed, &err, &note) != 0)
    return amg_error(AMG_ERR_IO, "%s: write failed: %s%s", path, err ? strerror(err) : "unknown error", note);
  return AMG_OK;
}
