/* Matrix Market reader: coordinate real | integer | pattern, general | symmetric,
 * and array real | integer, general | symmetric (a dense file: column by
 * column, the lower triangle only where symmetric; off-diagonal zeros are
 * not stored, diagonal ones are, so that a zero diagonal is named as such).
 *
 * Lines and tokens as mm_lex.h reads them: a line too long, a NUL byte or a
 * bad token is AMG_ERR_PARSE with the message "path:line: what".
 * Comment and blank lines are skipped anywhere after the banner.
 *
 * Entries are collected as 0-based COO, grown by doubling but never past the
 * count on the size line, so a lying size line cannot force a huge allocation
 * before the data is seen. COO -> CSR by two stable counting sorts: by column
 * into buckets (symmetric off-diagonals are mirrored there), then by row into
 * the CSR arrays. Each row then holds ascending columns with duplicates
 * adjacent in file order, so they are summed in place without a comparison
 * sort and the sums do not depend on a sort's tie order. O(nnz + m + n).
 * Duplicates whose sum is not finite are AMG_ERR_NONFINITE, named by the
 * line where the sum overflowed (the file is read again from its entries,
 * where it can seek: not a pipe). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fmt_internal.h"
#include "mm_lex.h"

#define MM_COO_MIN_CAP 65536 /* first COO allocation, in entries */

typedef enum mm_field { MM_REAL, MM_INTEGER, MM_PATTERN } mm_field;

typedef struct mm_coo {
  int32_t *row, *col; /* 0-based */
  double *val;
  int64_t count, cap;
} mm_coo;

/* The banner in r->buf; *array: the array format, else coordinate. */
static amg_status parse_banner(const mm_file *r, mm_field *field, int *symmetric, int *array) {
  const char *p = r->buf, *tok[5];
  int len[5], k = 0;
  if (!fmt_mm_next_token(&p, &tok[0], &len[0]) || !fmt_mm_word_is(tok[0], len[0], "%%matrixmarket"))
    return fmt_mm_parse_error(r, "not a Matrix Market file: the first line must start with "
                          "%%%%MatrixMarket");
  for (k = 1; k < 5; k++)
    if (!fmt_mm_next_token(&p, &tok[k], &len[k]))
      return fmt_mm_parse_error(r, "incomplete banner, expected '%%%%MatrixMarket matrix coordinate|array "
                            "<field> <symmetry>'");
  if (!fmt_mm_word_is(tok[1], len[1], "matrix"))
    return fmt_mm_parse_error(r, "object '%.*s' is not supported, use matrix", MM_SHOW(len[1]), tok[1]);
  *array = fmt_mm_word_is(tok[2], len[2], "array");
  if (!*array && !fmt_mm_word_is(tok[2], len[2], "coordinate"))
    return fmt_mm_parse_error(r, "unknown format '%.*s', expected coordinate or array", MM_SHOW(len[2]),
                              tok[2]);
  if (fmt_mm_word_is(tok[3], len[3], "real"))
    *field = MM_REAL;
  else if (fmt_mm_word_is(tok[3], len[3], "integer"))
    *field = MM_INTEGER;
  else if (fmt_mm_word_is(tok[3], len[3], "pattern") && *array)
    return fmt_mm_parse_error(r, "an array file has no pattern field: it lists every value (real or integer)");
  else if (fmt_mm_word_is(tok[3], len[3], "pattern"))
    *field = MM_PATTERN;
  else
    return fmt_mm_parse_error(r, "field '%.*s' is not supported (real, integer%s)", MM_SHOW(len[3]), tok[3],
                              *array ? "" : " or pattern");
  if (fmt_mm_word_is(tok[4], len[4], "general"))
    *symmetric = 0;
  else if (fmt_mm_word_is(tok[4], len[4], "symmetric"))
    *symmetric = 1;
  else
    return fmt_mm_parse_error(r, "symmetry '%.*s' is not supported (general or symmetric)",
                       MM_SHOW(len[4]), tok[4]);
  const char *extra;
  int extra_len;
  if (fmt_mm_next_token(&p, &extra, &extra_len))
    return fmt_mm_parse_error(r, "trailing characters after the banner: '%.*s'", MM_SHOW(extra_len),
                       extra);
  return AMG_OK;
}

/* The first line after the banner that is neither a comment nor blank: m n
 * nnz, or m n in an array file (*nnz is then the count of values it lists). */
static amg_status read_size(mm_file *r, int symmetric, int array, int32_t *m, int32_t *n, int64_t *nnz) {
  static const char *const what[3] = {"row count", "column count", "entry count"};
  static const long long lo[3] = {1, 1, 0}, hi[3] = {FMT_MAX_DIM, FMT_MAX_DIM, INT64_MAX};
  long long v[3];
  amg_status s = fmt_mm_read_size_line(r, array ? 2 : 3, array ? "m n" : "m n nnz", what, lo, hi, v);
  if (s != AMG_OK)
    return s;
  if (array) /* both at most 2^31 - 1: the product fits int64 */
    v[2] = symmetric ? v[1] * (v[1] + 1) / 2 : v[0] * v[1];
  if (symmetric && v[0] != v[1])
    return fmt_mm_parse_error(r, "a symmetric matrix must be square, the size line says %lld x %lld",
                       v[0], v[1]);
  *m = (int32_t)v[0];
  *n = (int32_t)v[1];
  *nnz = v[2];
  return AMG_OK;
}

/* Parses the entry in r->buf into 0-based (*i, *j) and *v. */
static amg_status parse_entry(const mm_file *r, mm_field field, int symmetric, int32_t m,
                              int32_t n, int32_t *i, int32_t *j, double *v) {
  static const char *const what[2] = {"row index", "column index"};
  const int32_t limit[2] = {m, n};
  const char *p = r->buf, *tok;
  int len;
  long long idx[2];
  for (int k = 0; k < 2; k++) {
    if (!fmt_mm_next_token(&p, &tok, &len))
      return fmt_mm_parse_error(r, "missing %s", what[k]);
    int bad = fmt_mm_parse_int(tok, len, &idx[k]);
    if (bad == 1)
      return fmt_mm_parse_error(r, "%s is not an integer: '%.*s'", what[k], MM_SHOW(len), tok);
    if (bad == 2 || idx[k] < 1 || idx[k] > limit[k])
      return fmt_mm_parse_error(r, "%s %.*s out of range 1..%d", what[k], MM_SHOW(len), tok, limit[k]);
  }
  if (symmetric && idx[0] < idx[1])
    return fmt_mm_parse_error(r, "entry (%lld, %lld) is above the diagonal; a symmetric file stores "
                          "the lower triangle only", idx[0], idx[1]);
  if (field == MM_PATTERN) {
    *v = 1.0;
  } else {
    if (!fmt_mm_next_token(&p, &tok, &len))
      return fmt_mm_parse_error(r, "missing value");
    amg_status s = fmt_mm_parse_value(r, tok, len, field == MM_INTEGER, v);
    if (s != AMG_OK)
      return s;
  }
  if (fmt_mm_next_token(&p, &tok, &len))
    return fmt_mm_parse_error(r, "trailing characters after the entry: '%.*s'", MM_SHOW(len), tok);
  *i = (int32_t)(idx[0] - 1);
  *j = (int32_t)(idx[1] - 1);
  return AMG_OK;
}

/* Doubles the COO capacity, never past limit (> c->cap). */
static amg_status coo_grow(mm_coo *c, int64_t limit) {
  int64_t cap = c->cap > limit / 2 ? limit : 2 * c->cap;
  if (cap < MM_COO_MIN_CAP)
    cap = MM_COO_MIN_CAP;
  if (cap > limit)
    cap = limit;
  if ((uint64_t)cap > SIZE_MAX / sizeof *c->val)
    return amg_error(AMG_ERR_OVERFLOW, "mm_read: %lld entries overflow size_t", (long long)cap);
  void *p = realloc(c->row, (size_t)cap * sizeof *c->row);
  if (p)
    c->row = p;
  if (p && (p = realloc(c->col, (size_t)cap * sizeof *c->col)))
    c->col = p;
  if (p && (p = realloc(c->val, (size_t)cap * sizeof *c->val)))
    c->val = p;
  if (!p)
    return amg_error(AMG_ERR_NOMEM, "mm_read: out of host memory for %lld entries",
                     (long long)cap);
  c->cap = cap;
  return AMG_OK;
}

/* Reads all entries after the size line; the count must match nnz exactly. */
static amg_status read_entries(mm_file *r, mm_field field, int symmetric, int32_t m, int32_t n,
                               int64_t nnz, mm_coo *c) {
  amg_status s = AMG_OK;
  while (fmt_mm_read_data_line(r, &s)) {
    if (c->count == nnz)
      return fmt_mm_parse_error(r, "more entries than the %lld given on the size line", (long long)nnz);
    if (c->count == c->cap && (s = coo_grow(c, nnz)) != AMG_OK)
      return s;
    int64_t k = c->count;
    s = parse_entry(r, field, symmetric, m, n, &c->row[k], &c->col[k], &c->val[k]);
    if (s != AMG_OK)
      return s;
    c->count++;
  }
  if (s != AMG_OK)
    return s;
  if (c->count < nnz)
    return fmt_mm_parse_error(r, "unexpected end of file: expected %lld entries, found %lld",
                       (long long)nnz, (long long)c->count);
  return AMG_OK;
}

/* An array file's nnz values after the size line, one per line, column by
 * column (from the diagonal down where symmetric), into c as entries: zeros
 * off the diagonal are left out. */
static amg_status read_array_values(mm_file *r, mm_field field, int symmetric, int32_t m, int64_t nnz,
                                    mm_coo *c) {
  amg_status s = AMG_OK;
  int64_t seen = 0;
  int32_t i = 0, j = 0; /* the position of the next value */
  while (fmt_mm_read_data_line(r, &s)) {
    if (seen == nnz)
      return fmt_mm_parse_error(r, "more values than the %lld that the size line's array holds", (long long)nnz);
    double v;
    if ((s = fmt_mm_line_value(r, field == MM_INTEGER, &v)) != AMG_OK)
      return s;
    if (v != 0.0 || i == j) {
      if (c->count == c->cap && (s = coo_grow(c, nnz)) != AMG_OK)
        return s;
      c->row[c->count] = i;
      c->col[c->count] = j;
      c->val[c->count++] = v;
    }
    seen++;
    if (++i == m) {
      j++;
      i = symmetric ? j : 0;
    }
  }
  if (s != AMG_OK)
    return s;
  if (seen < nnz)
    return fmt_mm_parse_error(r, "unexpected end of file: expected %lld values, found %lld", (long long)nnz,
                              (long long)seen);
  return AMG_OK;
}

/* Where the entries start in r's file: the offset and line number after
 * the size line (offset -1 where the file cannot seek back: a pipe). */
typedef struct mm_entries_at {
  long offset;
  long long line;
} mm_entries_at;

/* Duplicates of (i, j) (0-based; also (j, i) mirrored in a symmetric file,
 * whose messages name the lower entry, as the file holds it) summed to a
 * non-finite value. Reads the entries again, summing the
 * matches in file order as the CSR sum does, so that the message names the
 * line where the sum overflowed and the first duplicate's line; without a
 * way back into the file, only the entry. */
static amg_status duplicate_overflow(mm_file *r, mm_entries_at at, mm_field field, int symmetric, int32_t m,
                                     int32_t n, int32_t i, int32_t j) {
  int32_t fi = symmetric && i < j ? j : i, fj = symmetric && i < j ? i : j; /* as a symmetric file stores it */
  if (at.offset >= 0 && fseek(r->f, at.offset, SEEK_SET) == 0) {
    amg_status s = AMG_OK;
    long long first = 0;
    double sum = 0;
    r->line = at.line;
    while (fmt_mm_read_data_line(r, &s)) {
      int32_t ei, ej;
      double v;
      if (parse_entry(r, field, symmetric, m, n, &ei, &ej, &v) != AMG_OK)
        continue;
      if (!((ei == i && ej == j) || (symmetric && ei == j && ej == i)))
        continue;
      sum = first ? sum + v : v;
      if (!first)
        first = r->line;
      else if (!isfinite(sum))
        return amg_error(AMG_ERR_NONFINITE, "%s:%lld: duplicate entries (%d, %d) sum to a non-finite value "
                         "(the first at line %lld)", r->path, r->line, fi + 1, fj + 1, first);
    }
  }
  return amg_error(AMG_ERR_NONFINITE, "%s: duplicate entries (%d, %d) sum to a non-finite value", r->path, fi + 1,
                   fj + 1);
}

/* COO -> CSR (see the top of the file). Frees the COO arrays once they are
 * consumed, to lower the peak; the caller's free of them stays harmless.
 * r, entries, field: to name a non-finite duplicate sum's line. */
static amg_status coo_to_csr(mm_file *r, mm_entries_at entries, mm_field field, mm_coo *c, int symmetric,
                             int32_t m, int32_t n, fmt_csr **out) {
  const char *path = r->path;
  int64_t mirrored = 0;
  if (symmetric)
    for (int64_t k = 0; k < c->count; k++)
      mirrored += c->row[k] != c->col[k];
  if (mirrored > INT64_MAX - c->count)
    return amg_error(AMG_ERR_OVERFLOW, "%s: %lld entries overflow int64 when mirrored", path,
                     (long long)c->count);
  int64_t total = c->count + mirrored;
  int64_t *next = NULL;
  fmt_csr *at = NULL, *a = NULL; /* at: the entries bucketed by column, i.e. A^T as an n x m CSR */
  amg_status s = fmt_csr_create(n, m, total, FMT_HOST, &at);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&next, (int64_t)n + 1, sizeof *next, FMT_HOST);
  if (s != AMG_OK)
    goto done;

  /* Pass 1: stable counting sort by column; (i, j) off the diagonal of a
   * symmetric file also goes to bucket i as row j. */
  memset(at->row_ptr, 0, ((size_t)n + 1) * sizeof *at->row_ptr);
  for (int64_t k = 0; k < c->count; k++) {
    at->row_ptr[c->col[k] + 1]++;
    if (symmetric && c->row[k] != c->col[k])
      at->row_ptr[c->row[k] + 1]++;
  }
  for (int32_t j = 0; j < n; j++)
    at->row_ptr[j + 1] += at->row_ptr[j];
  memcpy(next, at->row_ptr, (size_t)n * sizeof *next);
  for (int64_t k = 0; k < c->count; k++) {
    int64_t d = next[c->col[k]]++;
    at->col[d] = c->row[k];
    at->val[d] = c->val[k];
    if (symmetric && c->row[k] != c->col[k]) {
      d = next[c->row[k]]++;
      at->col[d] = c->col[k];
      at->val[d] = c->val[k];
    }
  }
  free(c->row);
  free(c->col);
  free(c->val);
  c->row = c->col = NULL;
  c->val = NULL;

  /* Pass 2: the transpose sorts stably by row, visiting columns in ascending
   * order, so each row comes out sorted by column. */
  s = fmt_csr_transpose(at, &a);
  fmt_csr_destroy(at);
  at = NULL;
  if (s != AMG_OK)
    goto done;

  /* Pass 3: sum adjacent duplicates in place; row_ptr[i + 1] is rewritten
   * only after row i + 1's old start has been read. */
  int64_t w = 0, lo = 0;
  for (int32_t i = 0; i < m; i++) {
    int64_t hi = a->row_ptr[i + 1], first = w;
    for (int64_t k = lo; k < hi; k++) {
      if (w > first && a->col[w - 1] == a->col[k]) {
        a->val[w - 1] += a->val[k];
        if (!isfinite(a->val[w - 1])) {
          s = duplicate_overflow(r, entries, field, symmetric, m, n, i, a->col[k]);
          goto done;
        }
      } else {
        a->col[w] = a->col[k];
        a->val[w] = a->val[k];
        w++;
      }
    }
    a->row_ptr[i + 1] = w;
    lo = hi;
  }
  if (w < total) { /* duplicates were merged (w > 0): give the unused tail back */
    a->nnz = w;
    int32_t *col = realloc(a->col, (size_t)w * sizeof *col);
    double *val = realloc(a->val, (size_t)w * sizeof *val);
    a->col = col ? col : a->col; /* a failed shrink keeps the longer array */
    a->val = val ? val : a->val;
  }
  s = fmt_csr_validate(a);
done:
  free(next);
  fmt_csr_destroy(at);
  if (s == AMG_OK)
    *out = a;
  else
    fmt_csr_destroy(a);
  return s;
}

amg_status fmt_mm_read_opened(mm_file *r, int system, int32_t vector_rows, fmt_csr **out) {
  mm_coo c = {0};
  mm_field field = MM_REAL;
  int symmetric = 0, array = 0;
  int32_t m = 0, n = 0;
  int64_t nnz = 0;
  amg_status s = parse_banner(r, &field, &symmetric, &array);
  if (s == AMG_OK)
    s = read_size(r, symmetric, array, &m, &n, &nnz);
  if (s == AMG_OK && vector_rows >= 0 && n != 1)
    s = fmt_mm_parse_error(r, "a vector has 1 column, the size line says %d x %d", m, n);
  if (s == AMG_OK && vector_rows >= 0 && m != vector_rows)
    s = fmt_mm_parse_error(r, "the vector has %d rows, the matrix needs %d", m, vector_rows);
  if (s == AMG_OK && system && m != n)
    s = amg_error(AMG_ERR_NOT_SQUARE, "%s:%lld: the size line declares %d x %d; a linear system needs a square "
                  "matrix", r->path, r->line, m, n);
  if (s == AMG_OK && system && !array && nnz < m)
    s = amg_error(AMG_ERR_BAD_DIAGONAL,
                  "%s:%lld: %lld entries for %d rows; every row needs its diagonal entry, so at least %d entries",
                  r->path, r->line, (long long)nnz, m, m);
  mm_entries_at entries = {r->f ? ftell(r->f) : -1, r->line};
  if (s == AMG_OK)
    s = array ? read_array_values(r, field, symmetric, m, nnz, &c)
              : read_entries(r, field, symmetric, m, n, nnz, &c);
  if (s == AMG_OK)
    s = coo_to_csr(r, entries, field, &c, symmetric, m, n, out);
  free(c.row);
  free(c.col);
  free(c.val);
  return s;
}

/* system: refuse, from the size line and before the O(m) arrays exist, a
 * matrix that cannot be a linear system's (fmt_mm_read_system). */
static amg_status read_matrix(const char *path, int system, fmt_csr **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "mm_read: out is NULL");
  *out = NULL;
  if (!path)
    return amg_error(AMG_ERR_ARG, "mm_read: path is NULL");
  mm_file r;
  fmt_mm_open(&r, path);
  if (!r.f)
    return amg_error(AMG_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
  amg_status s = AMG_OK;
  if (fmt_mm_read_line(&r, &s))
    s = fmt_mm_read_opened(&r, system, -1, out);
  else if (s == AMG_OK) {
    r.line = 1;
    s = fmt_mm_parse_error(&r, "empty file, expected a %%%%MatrixMarket banner");
  }
  fclose(r.f); /* read-only: a close error cannot lose data */
  return s;
}

amg_status fmt_mm_read(const char *path, fmt_csr **out) { return read_matrix(path, 0, out); }

amg_status fmt_mm_read_system(const char *path, fmt_csr **out) { return read_matrix(path, 1, out); }
