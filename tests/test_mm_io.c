/* Matrix Market I/O: exact round trips through the writer and reader, the
 * writer's exact text, hand-written valid files compared with hand-built
 * matrices, and one hand-written file per malformed case, each of which must
 * fail with AMG_ERR_PARSE, name file:line exactly and leave the output NULL.
 * Dense vectors likewise: the writer's text, a bitwise round trip, and the
 * reader's accepted forms and errors. A write cut short by a file size
 * limit removes its partial file. Temporary files (mmio_t_*) go to the working directory, the build's
 * tests/, and are removed again. */
#define _POSIX_C_SOURCE 200809L /* setrlimit, symlink */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

/* The reader must overwrite the output on every path; this marks "not set". */
static fmt_csr not_set;

static void write_bytes(const char *path, const char *data, size_t len) {
  FILE *f = fopen(path, "wb");
  CHECK(f != NULL, "cannot create %s: %s", path, strerror(errno));
  if (!f)
    return;
  size_t put = fwrite(data, 1, len, f);
  int closed = fclose(f);
  CHECK(put == len && closed == 0, "cannot write %s", path);
}

/* Writes text to path, reads it back into *a and removes the file. */
static amg_status read_text(const char *path, const char *text, fmt_csr **a) {
  *a = &not_set;
  write_bytes(path, text, strlen(text));
  amg_status s = fmt_mm_read(path, a);
  remove(path);
  return s;
}

/* Reads path (written from text) and requires failure `want` whose message
 * contains `needle` (path:line: what), with the output left NULL. */
#define EXPECT_FAIL(want, path, text, needle)                                                      \
  do {                                                                                             \
    fmt_csr *a_ = NULL;                                                                            \
    CHECK_ERROR(read_text(path, text, &a_), want, needle);                                         \
    CHECK(a_ == NULL, "%s: output is not NULL after an error", path);                              \
    if (a_ != &not_set)                                                                            \
      fmt_csr_destroy(a_);                                                                         \
  } while (0)
#define EXPECT_PARSE(path, text, needle) EXPECT_FAIL(AMG_ERR_PARSE, path, text, needle)

/* Reads text and requires exactly the matrix given by the arrays. */
static void expect_matrix(const char *path, const char *text, int32_t m, int32_t n,
                          const int64_t *row_ptr, const int32_t *col, const double *val) {
  fmt_csr *got = NULL, *want = test_csr_from(m, n, row_ptr, col, val);
  CHECK_OK(read_text(path, text, &got));
  CHECK(got && got != &not_set && want && test_csr_equal(got, want, 0.0, 0.0, path),
        "%s: matrix differs from the expected one", path);
  if (got != &not_set)
    fmt_csr_destroy(got);
  fmt_csr_destroy(want);
}

static void test_round_trip(const char *path, fmt_csr *a, int bitwise) {
  fmt_csr *b = NULL;
  CHECK(a != NULL, "%s: no input matrix", path);
  if (!a)
    return;
  CHECK_OK(fmt_mm_write(path, a));
  CHECK_OK(fmt_mm_read(path, &b));
  CHECK(b && test_csr_equal(b, a, 0.0, 0.0, path), "%s: round trip is not exact", path);
  if (b && bitwise && b->nnz == a->nnz)
    CHECK(!memcmp(a->val, b->val, (size_t)a->nnz * sizeof *a->val), "%s: values differ in bits",
          path);
  remove(path);
  fmt_csr_destroy(a);
  fmt_csr_destroy(b);
}

/* The writer's file at path must hold exactly the text want (under 512 bytes). */
static void expect_text(const char *path, const char *want) {
  char got[512] = {0};
  FILE *f = fopen(path, "rb");
  CHECK(f != NULL, "%s not written", path);
  if (f) {
    size_t len = fread(got, 1, sizeof got - 1, f);
    got[len] = '\0';
    fclose(f);
  }
  CHECK(!strcmp(got, want), "%s: writer text:\n%s\nexpected:\n%s", path, got, want);
}

static void test_writer(void) {
  test_round_trip("mmio_t_rt_random.mtx", test_random_csr(37, 53, 0.2, 20240611, 0, 0), 1);
  test_round_trip("mmio_t_rt_empty_rows.mtx", test_random_csr(40, 29, 0.15, 777, 3, 5), 1);
  /* ~75000 entries: more than the reader's first buffer, so it must grow. */
  test_round_trip("mmio_t_rt_large.mtx", test_random_csr(300, 500, 0.5, 99, 0, 0), 1);
  {
    /* Values that a too-short format would round: 17 digits are needed. */
    const int64_t rp[] = {0, 3, 4, 7};
    const int32_t col[] = {0, 1, 2, 1, 0, 1, 2};
    const double val[] = {0.1, 1.0 / 3.0, -0.0, 5e-324, 1.7976931348623157e308,
                          -2.2250738585072014e-308, 123456789.12345679};
    test_round_trip("mmio_t_rt_special.mtx", test_csr_from(3, 3, rp, col, val), 1);
  }
  {
    /* The exact text, written out by hand. */
    const int64_t rp[] = {0, 2, 3};
    const int32_t col[] = {0, 2, 1};
    const double val[] = {1.5, -2.0, 0.1};
    const char *want = "%%MatrixMarket matrix coordinate real general\n"
                       "2 3 3\n"
                       "1 1 1.5\n"
                       "1 3 -2\n"
                       "2 2 0.10000000000000001\n";
    fmt_csr *a = test_csr_from(2, 3, rp, col, val);
    const char *path = "mmio_t_text.mtx";
    CHECK_OK(fmt_mm_write(path, a));
    expect_text(path, want);
    remove(path);

    /* Failures: not a host matrix, unopenable path, full device. */
    fmt_csr dev = *a;
    dev.loc = FMT_DEVICE;
    CHECK_ERROR(fmt_mm_write("mmio_t_dev.mtx", &dev), AMG_ERR_ARG, "host matrix");
    FILE *f = fopen("mmio_t_dev.mtx", "r");
    CHECK(f == NULL, "the writer created a file for a device matrix");
    if (f)
      fclose(f);
    remove("mmio_t_dev.mtx");
    CHECK_ERROR(fmt_mm_write("mmio_t_no_such_dir/a.mtx", a), AMG_ERR_IO,
                "mmio_t_no_such_dir/a.mtx: cannot open for writing: ");
    f = fopen("/dev/full", "w");
    if (f) {
      fclose(f);
      CHECK_ERROR(fmt_mm_write("/dev/full", a), AMG_ERR_IO, "/dev/full: write failed: ");
    }
    a->col[0] = 2; /* columns 2, 2 in row 0: not strictly increasing */
    CHECK_ERROR(fmt_mm_write("mmio_t_invalid.mtx", a), AMG_ERR_INVALID_MATRIX, "row 0");
    remove("mmio_t_invalid.mtx");
    fmt_csr_destroy(a);
  }
}

static void test_valid_files(void) {
  {
    /* Symmetric, lower triangle in no particular order; expanded by hand. */
    const char *text = "%%MatrixMarket matrix coordinate real symmetric\n"
                       "% a 4 x 4 symmetric matrix\n"
                       "4 4 5\n"
                       "1 1 4.0\n"
                       "2 1 -1.0\n"
                       "3 2 -2.5\n"
                       "4 4 3.0\n"
                       "4 1 0.5\n";
    const int64_t rp[] = {0, 3, 5, 6, 8};
    const int32_t col[] = {0, 1, 3, 0, 2, 1, 0, 3};
    const double val[] = {4.0, -1.0, 0.5, -1.0, -2.5, -2.5, 0.5, 3.0};
    expect_matrix("mmio_t_sym.mtx", text, 4, 4, rp, col, val);
  }
  {
    /* Pattern, non-square, unsorted: every value is 1. */
    const char *text = "%%MatrixMarket matrix coordinate pattern general\n"
                       "3 4 4\n"
                       "3 4\n"
                       "1 2\n"
                       "3 1\n"
                       "2 2\n";
    const int64_t rp[] = {0, 1, 2, 4};
    const int32_t col[] = {1, 1, 0, 3};
    const double val[] = {1.0, 1.0, 1.0, 1.0};
    expect_matrix("mmio_t_pattern.mtx", text, 3, 4, rp, col, val);
  }
  {
    const char *text = "%%MatrixMarket matrix coordinate pattern symmetric\n"
                       "3 3 2\n"
                       "3 1\n"
                       "2 2\n";
    const int64_t rp[] = {0, 1, 2, 3};
    const int32_t col[] = {2, 1, 0};
    const double val[] = {1.0, 1.0, 1.0};
    expect_matrix("mmio_t_pattern_sym.mtx", text, 3, 3, rp, col, val);
  }
  {
    /* Integer, with an explicit zero (kept as a stored entry) and a '+'. */
    const char *text = "%%MatrixMarket matrix coordinate integer general\n"
                       "2 3 4\n"
                       "1 3 -7\n"
                       "2 1 12\n"
                       "1 1 0\n"
                       "2 3 +3\n";
    const int64_t rp[] = {0, 2, 4};
    const int32_t col[] = {0, 2, 0, 2};
    const double val[] = {0.0, -7.0, 12.0, 3.0};
    expect_matrix("mmio_t_integer.mtx", text, 2, 3, rp, col, val);
  }
  {
    /* Duplicates are summed: (2,3) 1.5 + 2.25 = 3.75; (2,1) is an explicit zero. */
    const char *text = "%%MatrixMarket matrix coordinate real general\n"
                       "3 3 5\n"
                       "2 3 1.5\n"
                       "1 1 2\n"
                       "2 3 2.25\n"
                       "3 2 -1\n"
                       "2 1 0\n";
    const int64_t rp[] = {0, 1, 3, 4};
    const int32_t col[] = {0, 0, 2, 1};
    const double val[] = {2.0, 0.0, 3.75, -1.0};
    expect_matrix("mmio_t_dup.mtx", text, 3, 3, rp, col, val);
  }
  {
    /* Duplicates in a symmetric file are summed on both sides. */
    const char *text = "%%MatrixMarket matrix coordinate real symmetric\n"
                       "2 2 3\n"
                       "2 1 1\n"
                       "2 1 0.5\n"
                       "1 1 1\n";
    const int64_t rp[] = {0, 2, 3};
    const int32_t col[] = {0, 1, 0};
    const double val[] = {1.0, 1.5, 1.5};
    expect_matrix("mmio_t_dup_sym.mtx", text, 2, 2, rp, col, val);
  }
  {
    /* Keywords in any case; comments and blank lines around the size line
     * and between entries; spaces and tabs; a comment longer than any line
     * buffer; no newline at the very end. */
    size_t long_len = 100000;
    const char *head = "%%matrixmarket MATRIX Coordinate REAL General\n"
                       "% comment\n"
                       "\n"
                       "  \t \n"
                       "%\n"
                       "  2 3\t2  \n"
                       "% comment between entries\n"
                       "\n";
    const char *tail = "\n 2  3\t-1e-3 \n1 1 5.5";
    char *text = malloc(strlen(head) + long_len + strlen(tail) + 1);
    CHECK(text != NULL, "out of memory");
    if (text) {
      strcpy(text, head);
      char *p = text + strlen(head);
      *p++ = '%';
      memset(p, 'c', long_len - 1);
      strcpy(p + long_len - 1, tail);
      const int64_t rp[] = {0, 1, 2};
      const int32_t col[] = {0, 2};
      const double val[] = {5.5, -1e-3};
      expect_matrix("mmio_t_comments.mtx", text, 2, 3, rp, col, val);
      free(text);
    }
  }
  {
    /* Windows line ends. */
    const char *text = "%%MatrixMarket matrix coordinate real general\r\n"
                       "% comment\r\n"
                       "2 2 2\r\n"
                       "\r\n"
                       "2 1 -4.25\r\n"
                       "1 2 8\r\n";
    const int64_t rp[] = {0, 1, 2};
    const int32_t col[] = {1, 0};
    const double val[] = {8.0, -4.25};
    expect_matrix("mmio_t_crlf.mtx", text, 2, 2, rp, col, val);
  }
  {
    /* No entries at all: every row empty. */
    const char *text = "%%MatrixMarket matrix coordinate real general\n"
                       "3 2 0\n";
    const int64_t rp[] = {0, 0, 0, 0};
    const int32_t col[] = {0};
    const double val[] = {0.0};
    expect_matrix("mmio_t_empty.mtx", text, 3, 2, rp, col, val);
  }
}

#define GEN "%%MatrixMarket matrix coordinate real general\n"
#define SYM "%%MatrixMarket matrix coordinate real symmetric\n"

static void test_bad_entries(void) {
  /* Line numbers are written next to the lines. */
  EXPECT_PARSE("mmio_t_row_range.mtx",
               GEN             /* 1 */
               "% comment\n"   /* 2 */
               "10 10 3\n"     /* 3 */
               "1 1 1.0\n"     /* 4 */
               "12 3 2.0\n"    /* 5 */
               "2 2 1.0\n",    /* 6 */
               "mmio_t_row_range.mtx:5: row index 12 out of range 1..10");
  EXPECT_PARSE("mmio_t_col_range.mtx",
               GEN "10 8 2\n"  /* 2 */
               "3 9 1.0\n"     /* 3 */
               "1 1 1.0\n",
               "mmio_t_col_range.mtx:3: column index 9 out of range 1..8");
  EXPECT_PARSE("mmio_t_row_zero.mtx",
               GEN "4 4 2\n"
               "1 1 1\n"       /* 3 */
               "0 2 1\n",      /* 4 */
               "mmio_t_row_zero.mtx:4: row index 0 out of range 1..4");
  EXPECT_PARSE("mmio_t_col_zero.mtx",
               GEN "4 4 1\n"
               "\n"            /* 3 */
               "2 0 1\n",      /* 4 */
               "mmio_t_col_zero.mtx:4: column index 0 out of range 1..4");
  EXPECT_PARSE("mmio_t_row_negative.mtx", GEN "4 4 1\n-1 2 1\n",
               "mmio_t_row_negative.mtx:3: row index -1 out of range 1..4");
  EXPECT_PARSE("mmio_t_row_huge.mtx", GEN "4 4 1\n99999999999999999999 2 1\n",
               "mmio_t_row_huge.mtx:3: row index 99999999999999999999 out of range 1..4");
  EXPECT_PARSE("mmio_t_col_text.mtx", GEN "4 4 1\n1 x 1.0\n",
               "mmio_t_col_text.mtx:3: column index is not an integer: 'x'");
  EXPECT_PARSE("mmio_t_row_fraction.mtx", GEN "4 4 1\n1.0 2 1.0\n",
               "mmio_t_row_fraction.mtx:3: row index is not an integer: '1.0'");
  EXPECT_PARSE("mmio_t_val_text.mtx", GEN "4 4 2\n1 1 1\n1 2 abc\n",
               "mmio_t_val_text.mtx:4: value is not a number: 'abc'");
  EXPECT_PARSE("mmio_t_val_suffix.mtx", GEN "4 4 1\n1 2 1.5x\n",
               "mmio_t_val_suffix.mtx:3: value is not a number: '1.5x'");
  EXPECT_PARSE("mmio_t_val_missing.mtx",
               GEN "4 4 2\n"
               "1 1 1\n"       /* 3 */
               "2 2\n",        /* 4 */
               "mmio_t_val_missing.mtx:4: missing value");
  EXPECT_PARSE("mmio_t_col_missing.mtx", GEN "4 4 1\n3 \n",
               "mmio_t_col_missing.mtx:3: missing column index");
  EXPECT_PARSE("mmio_t_val_nan.mtx", GEN "4 4 2\n1 1 1\n2 2 nan\n",
               "mmio_t_val_nan.mtx:4: value is not finite: 'nan'");
  EXPECT_PARSE("mmio_t_val_inf.mtx", GEN "4 4 1\n2 2 -Inf\n",
               "mmio_t_val_inf.mtx:3: value is not finite: '-Inf'");
  EXPECT_PARSE("mmio_t_val_overflow.mtx", GEN "4 4 1\n2 2 1e999\n",
               "mmio_t_val_overflow.mtx:3: value is not finite: '1e999'");
  EXPECT_PARSE("mmio_t_val_underflow.mtx", GEN "4 4 1\n2 2 1e-400\n",
               "mmio_t_val_underflow.mtx:3: value '1e-400' is too small for a double (it would be read as 0)");
  EXPECT_PARSE("mmio_t_trailing.mtx", GEN "4 4 2\n1 1 1\n2 2 1.0 junk\n",
               "mmio_t_trailing.mtx:4: trailing characters after the entry: 'junk'");
  EXPECT_PARSE("mmio_t_pattern_value.mtx",
               "%%MatrixMarket matrix coordinate pattern general\n4 4 1\n2 2 1.0\n",
               "mmio_t_pattern_value.mtx:3: trailing characters after the entry: '1.0'");
  EXPECT_PARSE("mmio_t_int_fraction.mtx",
               "%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 1 1.5\n",
               "mmio_t_int_fraction.mtx:3: value is not an integer: '1.5'");
  EXPECT_PARSE("mmio_t_int_overflow.mtx",
               "%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 1 9223372036854775808\n",
               "mmio_t_int_overflow.mtx:3: integer value 9223372036854775808 out of range");
  EXPECT_PARSE("mmio_t_upper.mtx",
               SYM "3 3 3\n"   /* 2 */
               "1 1 1\n"       /* 3 */
               "% comment\n"   /* 4 */
               "1 3 0.5\n"     /* 5 */
               "2 2 1\n",
               "mmio_t_upper.mtx:5: entry (1, 3) is above the diagonal; a symmetric file "
               "stores the lower triangle only");
  {
    /* A NUL inside a line; in the last line, which has no newline; in a
     * line that fills the 4 KB buffer exactly (4094 characters + newline). */
    static char full[4200];
    size_t head = strlen(GEN "2 2 1\n");
    memcpy(full, GEN "2 2 1\n1 1 1\0", head + 6);
    memset(full + head + 6, '0', 4088);
    full[head + 4094] = '\n';
    static const struct {
      const char *text;
      size_t len;
    } cases[] = {{GEN "2 2 1\n1 1 1\0 junk\n", sizeof(GEN "2 2 1\n1 1 1\0 junk\n") - 1},
                 {GEN "2 2 1\n1 1 1\0 2", sizeof(GEN "2 2 1\n1 1 1\0 2") - 1},
                 {full, 0}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
      fmt_csr *a = &not_set;
      write_bytes("mmio_t_nul.mtx", cases[k].text, cases[k].len ? cases[k].len : head + 4095);
      CHECK_ERROR(fmt_mm_read("mmio_t_nul.mtx", &a), AMG_ERR_PARSE, "mmio_t_nul.mtx:3: line contains a NUL byte");
      CHECK(a == NULL, "mmio_t_nul.mtx: output is not NULL after an error");
      remove("mmio_t_nul.mtx");
    }
  }
  {
    /* Not plain text: named before any banner or NUL byte check. The gzip
     * bytes are those of a compressed Matrix Market file's start. */
    static const struct {
      const char *text;
      size_t len;
      const char *needle;
    } cases[] = {{"\xEF\xBB\xBF" GEN "1 1 1\n1 1 2\n", 0, "mmio_t_bin.mtx: the file starts with a UTF-8 byte-order mark"},
                 {"\x1F\x8B\x08\x00\x00\x00\x00\x00\x00\x03", 10, "mmio_t_bin.mtx: the file is gzip-compressed"},
                 {"PK\x03\x04\x14\x00", 6, "mmio_t_bin.mtx: the file is a zip archive"}};
    double x[1];
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
      fmt_csr *a = &not_set;
      write_bytes("mmio_t_bin.mtx", cases[k].text, cases[k].len ? cases[k].len : strlen(cases[k].text));
      CHECK_ERROR(fmt_mm_read("mmio_t_bin.mtx", &a), AMG_ERR_PARSE, cases[k].needle);
      CHECK(a == NULL, "mmio_t_bin.mtx: output is not NULL after an error");
      CHECK_ERROR(fmt_mm_read_vector("mmio_t_bin.mtx", 1, x), AMG_ERR_PARSE, cases[k].needle);
      remove("mmio_t_bin.mtx");
    }
  }
  {
    /* A data line longer than any sensible buffer must not be split. */
    const char *head = GEN "3 3 2\n1 1 1.0\n"; /* lines 1-3 */
    size_t digits = 100000;
    char *text = malloc(strlen(head) + digits + 16);
    CHECK(text != NULL, "out of memory");
    if (text) {
      strcpy(text, head);
      char *p = text + strlen(head);
      memcpy(p, "2 2 1.", 6);
      memset(p + 6, '0', digits);
      strcpy(p + 6 + digits, "1\n"); /* line 4 */
      EXPECT_PARSE("mmio_t_long.mtx", text, "mmio_t_long.mtx:4: line too long");
      free(text);
    }
  }
  /* Duplicates that overflow when summed: named by the line where the sum
   * overflows, in file order (the CSR's order of summation), and the first
   * duplicate's line; in a symmetric file (j, i) counts for (i, j), and the
   * message names the entry as the file holds it, below the diagonal. */
  EXPECT_FAIL(AMG_ERR_NONFINITE, "mmio_t_dup_overflow.mtx",
              GEN "2 2 2\n1 2 1e308\n1 2 1e308\n",
              "mmio_t_dup_overflow.mtx:4: duplicate entries (1, 2) sum to a non-finite value (the first at line 3)");
  EXPECT_FAIL(AMG_ERR_NONFINITE, "mmio_t_dup_overflow_late.mtx",
              GEN "3 3 5\n"    /* 2 */
              "1 2 1e308\n"   /* 3 */
              "2 2 1\n"       /* 4 */
              "1 2 -1e308\n"  /* 5: the sum is 0 here */
              "% note\n"      /* 6 */
              "1 2 1e308\n"   /* 7 */
              "1 2 1e308\n",  /* 8: overflows here */
              "mmio_t_dup_overflow_late.mtx:8: duplicate entries (1, 2) sum to a non-finite value (the first at "
              "line 3)");
  EXPECT_FAIL(AMG_ERR_NONFINITE, "mmio_t_dup_overflow_sym.mtx",
              SYM "3 3 3\n"    /* 2 */
              "2 1 1e308\n"   /* 3 */
              "3 3 1\n"       /* 4 */
              "2 1 1e308\n",  /* 5 */
              "mmio_t_dup_overflow_sym.mtx:5: duplicate entries (2, 1) sum to a non-finite value (the first at "
              "line 3)");
}

static void test_bad_counts(void) {
  EXPECT_PARSE("mmio_t_truncated.mtx",
               GEN "4 4 4\n"   /* 2 */
               "1 1 1\n"       /* 3 */
               "2 2 1\n"       /* 4 */
               "3 3 1\n",      /* 5 */
               "mmio_t_truncated.mtx:5: unexpected end of file: expected 4 entries, found 3");
  EXPECT_PARSE("mmio_t_no_entries.mtx", GEN "% c\n4 4 2\n",
               "mmio_t_no_entries.mtx:3: unexpected end of file: expected 2 entries, found 0");
  EXPECT_PARSE("mmio_t_too_many.mtx",
               GEN "4 4 2\n"   /* 2 */
               "1 1 1\n"       /* 3 */
               "2 2 1\n"       /* 4 */
               "% comment\n"   /* 5 */
               "\n"            /* 6 */
               "3 3 1\n"       /* 7 */
               "4 4 1\n",      /* 8 */
               "mmio_t_too_many.mtx:7: more entries than the 2 given on the size line");
}

static void test_bad_headers(void) {
  EXPECT_PARSE("mmio_t_empty_file.mtx", "", "mmio_t_empty_file.mtx:1: empty file");
  EXPECT_PARSE("mmio_t_banner.mtx", "%%MatrixMarkt matrix coordinate real general\n2 2 0\n",
               "mmio_t_banner.mtx:1: not a Matrix Market file");
  EXPECT_PARSE("mmio_t_no_banner.mtx", "% comment\n2 2 0\n",
               "mmio_t_no_banner.mtx:1: not a Matrix Market file");
  EXPECT_PARSE("mmio_t_banner_short.mtx", "%%MatrixMarket matrix coordinate real\n2 2 0\n",
               "mmio_t_banner_short.mtx:1: incomplete banner");
  EXPECT_PARSE("mmio_t_banner_extra.mtx",
               "%%MatrixMarket matrix coordinate real general extra\n2 2 0\n",
               "mmio_t_banner_extra.mtx:1: trailing characters after the banner: 'extra'");
  EXPECT_PARSE("mmio_t_vector.mtx", "%%MatrixMarket vector coordinate real general\n2 2 0\n",
               "mmio_t_vector.mtx:1: object 'vector' is not supported, use matrix");
  EXPECT_PARSE("mmio_t_format.mtx", "%%MatrixMarket matrix dense real general\n2 2\n",
               "mmio_t_format.mtx:1: unknown format 'dense', expected coordinate or array");
  EXPECT_PARSE("mmio_t_complex.mtx",
               "%%MatrixMarket matrix coordinate complex general\n2 2 1\n1 1 1 0\n",
               "mmio_t_complex.mtx:1: field 'complex' is not supported (real, integer or pattern)");
  EXPECT_PARSE("mmio_t_skew.mtx",
               "%%MatrixMarket matrix coordinate real skew-symmetric\n2 2 1\n2 1 1\n",
               "mmio_t_skew.mtx:1: symmetry 'skew-symmetric' is not supported (general or "
               "symmetric)");
  EXPECT_PARSE("mmio_t_hermitian.mtx",
               "%%MatrixMarket matrix coordinate real Hermitian\n2 2 1\n2 1 1\n",
               "mmio_t_hermitian.mtx:1: symmetry 'Hermitian' is not supported");
  EXPECT_PARSE("mmio_t_size_negative.mtx", GEN "-3 3 1\n1 1 1\n",
               "mmio_t_size_negative.mtx:2: row count -3 out of range 1..2147483632");
  EXPECT_PARSE("mmio_t_size_zero.mtx", GEN "% c\n3 0 0\n",
               "mmio_t_size_zero.mtx:3: column count 0 out of range 1..2147483632");
  EXPECT_PARSE("mmio_t_size_big.mtx", GEN "3 2147483648 1\n1 1 1\n",
               "mmio_t_size_big.mtx:2: column count 2147483648 out of range 1..2147483632");
  /* The largest size is 2^31 - 16 (FMT_MAX_DIM), so that tile indices * 16 fit in int32. */
  EXPECT_PARSE("mmio_t_size_tiles.mtx", GEN "2147483633 3 1\n1 1 1\n",
               "mmio_t_size_tiles.mtx:2: row count 2147483633 out of range 1..2147483632");
  EXPECT_PARSE("mmio_t_nnz_negative.mtx", GEN "3 3 -1\n",
               "mmio_t_nnz_negative.mtx:2: entry count -1 out of range 0..9223372036854775807");
  EXPECT_PARSE("mmio_t_size_text.mtx", GEN "3 three 1\n1 1 1\n",
               "mmio_t_size_text.mtx:2: column count is not an integer: 'three'");
  EXPECT_PARSE("mmio_t_size_short.mtx", GEN "\n3 3\n1 1 1\n",
               "mmio_t_size_short.mtx:3: size line must hold 3 numbers (m n nnz), entry count "
               "is missing");
  EXPECT_PARSE("mmio_t_size_extra.mtx", GEN "3 3 1 7\n1 1 1\n",
               "mmio_t_size_extra.mtx:2: trailing characters after the size line: '7'");
  EXPECT_PARSE("mmio_t_sym_rect.mtx", SYM "3 4 1\n1 1 1\n",
               "mmio_t_sym_rect.mtx:2: a symmetric matrix must be square, the size line says "
               "3 x 4");
  EXPECT_PARSE("mmio_t_no_size.mtx",
               GEN              /* 1 */
               "% comment\n"    /* 2 */
               "\n",            /* 3 */
               "mmio_t_no_size.mtx:3: file ends before the size line");

  fmt_csr *a = &not_set;
  const char *missing = "mmio_t_does_not_exist.mtx";
  remove(missing);
  CHECK_ERROR(fmt_mm_read(missing, &a), AMG_ERR_IO, "mmio_t_does_not_exist.mtx: cannot open: ");
  CHECK(strstr(amg_error_message(), strerror(ENOENT)) != NULL, "message lacks strerror: %s",
        amg_error_message());
  CHECK(a == NULL, "%s: output is not NULL after an error", missing);
}

/* Array (dense) files: column by column, the lower triangle of a symmetric
 * one; zeros off the diagonal are dropped, zeros on it kept. */
static void test_array_files(void) {
  {
    const int64_t rp[] = {0, 2, 4};
    const int32_t col[] = {0, 2, 1, 2};
    const double val[] = {1.0, -2.0, 5.0, 3.0};
    expect_matrix("mmio_t_arr.mtx",
                  "%%MatrixMarket matrix array real general\n% c\n2 3\n1\n0\n\n0\n5\n% c\n-2\n3\n", 2, 3,
                  rp, col, val);
  }
  {
    const int64_t rp[] = {0, 2, 4};
    const int32_t col[] = {0, 1, 0, 1};
    const double val[] = {0.0, 1.0, 1.0, 0.0};
    expect_matrix("mmio_t_arr_zero_diag.mtx", "%%MatrixMarket matrix array real general\n2 2\n0\n1\n1\n-0\n", 2,
                  2, rp, col, val);
  }
  {
    const int64_t rp[] = {0, 2, 5, 7};
    const int32_t col[] = {0, 1, 0, 1, 2, 1, 2};
    const double val[] = {4.0, -1.0, -1.0, 4.0, -1.5, -1.5, 4.0};
    expect_matrix("mmio_t_arr_sym.mtx", "%%MatrixMarket matrix array real symmetric\n3 3\n4\n-1\n0\n4\n-1.5\n4\n",
                  3, 3, rp, col, val);
  }
  {
    const int64_t rp[] = {0, 2};
    const int32_t col[] = {0, 1};
    const double val[] = {3.0, -4.0};
    expect_matrix("mmio_t_arr_int.mtx", "%%MatrixMarket matrix array integer general\n1 2\n3\n-4\n", 1, 2, rp,
                  col, val);
  }
#define ARR "%%MatrixMarket matrix array real general\n"
  EXPECT_PARSE("mmio_t_arr_complex.mtx", "%%MatrixMarket matrix array complex general\n1 1\n1 0\n",
               "mmio_t_arr_complex.mtx:1: field 'complex' is not supported (real, integer)");
  EXPECT_PARSE("mmio_t_arr_pattern.mtx", "%%MatrixMarket matrix array pattern general\n2 2\n",
               "mmio_t_arr_pattern.mtx:1: an array file has no pattern field");
  EXPECT_PARSE("mmio_t_arr_many.mtx", ARR "1 1\n1\n2\n",
               "mmio_t_arr_many.mtx:4: more values than the 1 that the size line's array holds");
  EXPECT_PARSE("mmio_t_arr_few.mtx", ARR "2 2\n1\n2\n3\n",
               "mmio_t_arr_few.mtx:5: unexpected end of file: expected 4 values, found 3");
  EXPECT_PARSE("mmio_t_arr_two.mtx", ARR "2 1\n1 2\n",
               "mmio_t_arr_two.mtx:3: one value per line; trailing characters: '2'");
  EXPECT_PARSE("mmio_t_arr_size.mtx", ARR "2 2 4\n1\n2\n3\n4\n", "mmio_t_arr_size.mtx:2: ");
  EXPECT_PARSE("mmio_t_arr_word.mtx", ARR "1 1\nx\n", "mmio_t_arr_word.mtx:3: ");
  EXPECT_PARSE("mmio_t_arr_int_frac.mtx", "%%MatrixMarket matrix array integer general\n1 1\n1.5\n",
               "mmio_t_arr_int_frac.mtx:3: ");
  EXPECT_PARSE("mmio_t_arr_sym_rect.mtx", "%%MatrixMarket matrix array real symmetric\n2 3\n",
               "mmio_t_arr_sym_rect.mtx:2: a symmetric matrix must be square");
  EXPECT_PARSE("mmio_t_arr_inf.mtx", ARR "1 1\ninf\n", "mmio_t_arr_inf.mtx:3: value is not finite");
#undef ARR
}

/* fmt_mm_read_system: the size line of a system's matrix, checked before reading on. */
static void test_system_files(void) {
  const char *rect = "%%MatrixMarket matrix coordinate real general\n% c\n2 3 2\n1 1 4\n2 2 4\n";
  const char *few = "%%MatrixMarket matrix coordinate real general\n2000000000 2000000000 2\n1 1 4\n2 2 4\n";
  const char *good = "%%MatrixMarket matrix coordinate real symmetric\n2 2 3\n1 1 4\n2 1 -1\n2 2 4\n";
  fmt_csr *a = NULL;
  write_bytes("mmio_t_sys_rect.mtx", rect, strlen(rect));
  CHECK_ERROR(fmt_mm_read_system("mmio_t_sys_rect.mtx", &a), AMG_ERR_NOT_SQUARE,
              "mmio_t_sys_rect.mtx:3: the size line declares 2 x 3");
  CHECK_OK(fmt_mm_read("mmio_t_sys_rect.mtx", &a)); /* a rectangular matrix is a matrix */
  fmt_csr_destroy(a);
  write_bytes("mmio_t_sys_few.mtx", few, strlen(few));
  CHECK_ERROR(fmt_mm_read_system("mmio_t_sys_few.mtx", &a), AMG_ERR_BAD_DIAGONAL,
              "mmio_t_sys_few.mtx:2: 2 entries for 2000000000 rows");
  write_bytes("mmio_t_sys_good.mtx", good, strlen(good));
  CHECK_OK(fmt_mm_read_system("mmio_t_sys_good.mtx", &a));
  CHECK(a && a->m == 2 && a->nnz == 4, "a symmetric system's matrix, expanded");
  fmt_csr_destroy(a);
  remove("mmio_t_sys_rect.mtx");
  remove("mmio_t_sys_few.mtx");
  remove("mmio_t_sys_good.mtx");
}

/* Writes text to path and reads n values from it into x; removes the file. */
static amg_status read_vector_text(const char *path, const char *text, int32_t n, double *x) {
  write_bytes(path, text, strlen(text));
  amg_status s = fmt_mm_read_vector(path, n, x);
  remove(path);
  return s;
}

/* Vectors: the writer's text, an exact round trip of awkward values, both
 * accepted forms, and each malformed case failing at its file:line. */
static void test_vectors(void) {
  const double v[6] = {-0.0, 4.9406564584124654e-324, 1.7976931348623157e308, -3.141592653589793, 1.0 / 3.0, 42.0};
  double x[6];
  const char *path = "mmio_t_vec.mtx";
  CHECK_OK(fmt_mm_write_vector(path, 6, v));
  expect_text(path, "%%MatrixMarket matrix array real general\n6 1\n-0\n4.9406564584124654e-324\n"
                    "1.7976931348623157e+308\n-3.1415926535897931\n0.33333333333333331\n42\n");
  CHECK_OK(fmt_mm_read_vector(path, 6, x));
  CHECK(!memcmp(x, v, sizeof v), "vector round trip is not bitwise exact");
  remove(path);

  CHECK_OK(read_vector_text("mmio_t_plain.txt", "# b\n\n 1.5 \n% c\n-2\n3e2\n", 3, x));
  CHECK(x[0] == 1.5 && x[1] == -2.0 && x[2] == 300.0, "plain list read as %g %g %g", x[0], x[1], x[2]);
  CHECK_OK(read_vector_text("mmio_t_int.mtx", "%%MatrixMarket matrix array integer general\n% c\n2 1\n7\n\n-8\n", 2,
                            x));
  CHECK(x[0] == 7.0 && x[1] == -8.0, "integer array read as %g %g", x[0], x[1]);
  /* zeros written with tiny exponents are zeros; the smallest subnormal is kept */
  CHECK_OK(read_vector_text("mmio_t_tiny.txt", "0e-400\n-0.000e-999\n4.9e-324\n", 3, x));
  CHECK(x[0] == 0.0 && x[1] == 0.0 && signbit(x[1]) && x[2] == 4.9e-324 && x[2] > 0, "tiny values read as %g %g %g",
        x[0], x[1], x[2]);
  /* n x 1 coordinate: entries not listed are 0, duplicates summed */
  CHECK_OK(read_vector_text("mmio_t_coo.mtx", "%%MatrixMarket matrix coordinate real general\n3 1 3\n3 1 2.5\n1 1 1\n"
                            "3 1 -0.5\n", 3, x));
  CHECK(x[0] == 1.0 && x[1] == 0.0 && x[2] == 2.0, "coordinate vector read as %g %g %g", x[0], x[1], x[2]);

  static const struct {
    const char *text, *needle;
  } bad[] = {
      {"", "mmio_t_bad.mtx: empty file, the matrix needs 2 values"},
      {"1\n", "mmio_t_bad.mtx:1: 1 value, the matrix needs 2"},
      {"1\n2\n3\n", "mmio_t_bad.mtx:3: more than the 2 values the matrix needs"},
      {"1\n2 3\n", "mmio_t_bad.mtx:2: one value per line; trailing characters: '3'"},
      /* the first word is named when it is no number, before what follows it */
      {"abc def\n1\n", "mmio_t_bad.mtx:1: value is not a number: 'abc'"},
      /* a binary file's control characters are quoted as \xNN, never raw */
      {"1\n2 \x1b[2J\a\x7f\x80\n", "mmio_t_bad.mtx:2: one value per line; trailing characters: '\\x1b[2J\\x07\\x7f\x80'"},
      {"1\n\x1b]0;t\n", "mmio_t_bad.mtx:2: value is not a number: '\\x1b]0;t'"},
      {"1\nx\n", "mmio_t_bad.mtx:2: value is not a number: 'x'"},
      {"1\n-inf\n", "mmio_t_bad.mtx:2: value is not finite: '-inf'"},
      {"1\n2\0\n", "mmio_t_bad.mtx:2: line contains a NUL byte"},
      {"1\n2\0O", "mmio_t_bad.mtx:2: line contains a NUL byte"}, /* the last line, no newline */
      {"%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 1\n",
       "mmio_t_bad.mtx:2: a vector has 1 column, the size line says 2 x 2"},
      {"%%MatrixMarket matrix coordinate real general\n% c\n3 1 1\n1 1 1\n",
       "mmio_t_bad.mtx:3: the vector has 3 rows, the matrix needs 2"},
      {"\n%%MatrixMarket matrix array real general\n2 1\n1\n2\n",
       "mmio_t_bad.mtx:2: the %%MatrixMarket banner must be the first line"},
      /* whitespace only: once read past the end of the line buffer */
      {"\n", "mmio_t_bad.mtx:1: 0 values, the matrix needs 2"},
      {" \t\n\v\f\r\n  ", "mmio_t_bad.mtx:3: 0 values, the matrix needs 2"},
      {"1\n1e-400\n", "mmio_t_bad.mtx:2: value '1e-400' is too small for a double (it would be read as 0)"},
      {"1\n-0x1p-1080\n", "mmio_t_bad.mtx:2: value '-0x1p-1080' is too small for a double"},
      {"%%MatrixMarket matrix coordinate real general\n2 1 1\n3 1 1\n", "mmio_t_bad.mtx:3: row index 3 out of range"},
      {"%%MatrixMarket vector array real general\n2 1\n", "mmio_t_bad.mtx:1: a vector must be a Matrix Market array"},
      {"%%MatrixMarket matrix array complex general\n2 1\n", "mmio_t_bad.mtx:1: field 'complex' is not supported"},
      {"%%MatrixMarket matrix array real symmetric\n2 1\n", "mmio_t_bad.mtx:1: symmetry 'symmetric' is not supported"},
      {"%%MatrixMarket matrix array real\n2 1\n", "mmio_t_bad.mtx:1: incomplete banner"},
      {"%%MatrixMarket matrix array real general\n% c\n", "mmio_t_bad.mtx:2: file ends before the size line"},
      {"%%MatrixMarket matrix array real general\n2 2\n", "mmio_t_bad.mtx:2: a vector has 1 column, the size line "
                                                          "says 2 x 2"},
      {"%%MatrixMarket matrix array real general\n3 1\n", "mmio_t_bad.mtx:2: the vector has 3 rows, the matrix "
                                                          "needs 2"},
      {"%%MatrixMarket matrix array real general\n2 1\n1\n", "mmio_t_bad.mtx:3: 1 value, the matrix needs 2"},
      {"%%MatrixMarket matrix array real general\n2 1\n1\n1e999\n", "mmio_t_bad.mtx:4: value is not finite"},
      /* an integer array holds integers, as an integer coordinate file does */
      {"%%MatrixMarket matrix array integer general\n2 1\n1.5\n1\n", "mmio_t_bad.mtx:3: value is not an integer: '1.5'"},
      {"%%MatrixMarket matrix array integer general\n2 1\n1\n9223372036854775808\n",
       "mmio_t_bad.mtx:4: integer value 9223372036854775808 out of range"},
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    size_t len = strlen(bad[k].text);
    if (strstr(bad[k].needle, "NUL"))
      len += 2; /* the text holds a NUL byte: write what follows it too */
    write_bytes("mmio_t_bad.mtx", bad[k].text, len);
    CHECK_ERROR(fmt_mm_read_vector("mmio_t_bad.mtx", 2, x), AMG_ERR_PARSE, bad[k].needle);
    remove("mmio_t_bad.mtx");
  }
  CHECK_ERROR(fmt_mm_read_vector("mmio_t_missing.txt", 2, x), AMG_ERR_IO, "mmio_t_missing.txt: cannot open");
  CHECK_ERROR(fmt_mm_write_vector("no_such_dir/x.mtx", 2, x), AMG_ERR_IO, "no_such_dir/x.mtx: cannot open for writing");
  FILE *full = fopen("/dev/full", "w"); /* a full disk: the write or the close fails, never silently */
  if (full) {
    fclose(full);
    CHECK_ERROR(fmt_mm_write_vector("/dev/full", 6, v), AMG_ERR_IO, "/dev/full: write failed: ");
  }
}

/* 1 if path exists (as a link too). */
static int exists(const char *path) {
  struct stat st;
  return lstat(path, &st) == 0;
}

/* A write that fails part way on a regular file (RLIMIT_FSIZE of 4 KiB, with
 * SIGXFSZ ignored, so the write returns EFBIG): the error says the partial
 * file was removed, and it is gone. Through a link, the link and its target
 * stay, and the message says the target is incomplete. A file renamed onto
 * the path after the open is left. On /dev/full nothing is removed and
 * nothing is added. */
static void test_partial_outputs(void) {
  fmt_csr *a = NULL;
  CHECK_OK(fmt_poisson(5, 40, &a)); /* 8,000 entries: about 150 KB of text */
  if (!a)
    return;
  double *v = malloc((size_t)a->m * sizeof *v);
  for (int32_t i = 0; v && i < a->m; i++)
    v[i] = 1.0 / 3.0; /* 20 bytes a line: 32 KB */
  struct rlimit old;
  CHECK(getrlimit(RLIMIT_FSIZE, &old) == 0, "getrlimit: %s", strerror(errno));
  struct rlimit small = old;
  small.rlim_cur = 4096;
  void (*old_handler)(int) = signal(SIGXFSZ, SIG_IGN);
  int limited = v && (old.rlim_max == RLIM_INFINITY || old.rlim_max > 4096) && setrlimit(RLIMIT_FSIZE, &small) == 0;
  CHECK(limited, "cannot set a file size limit: %s", strerror(errno));
  if (limited) {
    CHECK_ERROR(fmt_mm_write("mmio_t_cut.mtx", a), AMG_ERR_IO, "mmio_t_cut.mtx: write failed: ");
    CHECK(strstr(amg_error_message(), "; the partial file was removed") != NULL, "matrix: %s", amg_error_message());
    CHECK(!exists("mmio_t_cut.mtx"), "the partial matrix file was left");
    CHECK_ERROR(fmt_mm_write_vector("mmio_t_cut_x.mtx", a->m, v), AMG_ERR_IO, "mmio_t_cut_x.mtx: write failed: ");
    CHECK(strstr(amg_error_message(), "; the partial file was removed") != NULL, "vector: %s", amg_error_message());
    CHECK(!exists("mmio_t_cut_x.mtx"), "the partial vector file was left");
    CHECK(symlink("mmio_t_target.mtx", "mmio_t_link.mtx") == 0, "symlink: %s", strerror(errno));
    CHECK_ERROR(fmt_mm_write("mmio_t_link.mtx", a), AMG_ERR_IO, "mmio_t_link.mtx: write failed: ");
    CHECK(strstr(amg_error_message(), "; the file it links to holds an incomplete write") != NULL, "link: %s",
          amg_error_message());
    CHECK(exists("mmio_t_link.mtx") && exists("mmio_t_target.mtx"), "a link or its target was removed");
    remove("mmio_t_link.mtx");
    remove("mmio_t_target.mtx");
    CHECK(setrlimit(RLIMIT_FSIZE, &old) == 0, "cannot restore the file size limit: %s", strerror(errno));
  }
  signal(SIGXFSZ, old_handler);
  /* fmt_output_close after a failed write: another file renamed onto the
     path since the open is left; the file opened, still there, is removed */
  fmt_output o;
  int err = 0;
  const char *note = NULL;
  CHECK(fmt_output_open(&o, "mmio_t_out.txt") == 0, "fmt_output_open: %s", strerror(errno));
  write_bytes("mmio_t_other.txt", "other\n", 6);
  CHECK(rename("mmio_t_other.txt", "mmio_t_out.txt") == 0, "rename: %s", strerror(errno));
  CHECK(fmt_output_close(&o, 1, &err, &note) == -1 && note && strstr(note, "another file has taken its name"),
        "a renamed-over output: note '%s'", note ? note : "(none)");
  expect_text("mmio_t_out.txt", "other\n");
  remove("mmio_t_out.txt");
  CHECK(fmt_output_open(&o, "mmio_t_out.txt") == 0, "fmt_output_open: %s", strerror(errno));
  CHECK(fmt_output_close(&o, 1, &err, &note) == -1 && !strcmp(note, "; the partial file was removed") &&
            !exists("mmio_t_out.txt"),
        "a failed output: note '%s', %s", note, exists("mmio_t_out.txt") ? "left" : "removed");
  CHECK(fmt_output_open(&o, "mmio_t_out.txt") == 0, "fmt_output_open: %s", strerror(errno));
  CHECK(fmt_output_close(&o, 0, &err, &note) == 0 && !strcmp(note, "") && exists("mmio_t_out.txt"),
        "a good output: note '%s', %s", note, exists("mmio_t_out.txt") ? "kept" : "removed");
  remove("mmio_t_out.txt");
  FILE *full = fopen("/dev/full", "w");
  if (full) {
    fclose(full);
    CHECK_ERROR(fmt_mm_write("/dev/full", a), AMG_ERR_IO, "/dev/full: write failed: ");
    CHECK(!strstr(amg_error_message(), "partial") && !strstr(amg_error_message(), "links"), "/dev/full: %s",
          amg_error_message());
    CHECK(exists("/dev/full"), "/dev/full was removed");
  }
  free(v);
  fmt_csr_destroy(a);
}

int main(void) {
  test_array_files();
  test_system_files();
  test_writer();
  test_valid_files();
  test_bad_entries();
  test_bad_counts();
  test_bad_headers();
  test_vectors();
  test_partial_outputs();
  return test_finish("test_mm_io");
}
