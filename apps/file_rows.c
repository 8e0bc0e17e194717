/* problem.reorder for amg_solve (see file_rows.h). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "file_rows.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "solve_exit.h"

/* The numbering (new index -> the file's) once A is renumbered; NULL
 * without reorder. */
static int32_t *renumbered;
static int32_t renumbered_n;

/* Appends to out (n bytes, *w used), keeping *w within the buffer when the text is cut. */
static void append(char *out, size_t n, size_t *w, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int len = vsnprintf(out + *w, n - *w, fmt, ap);
  va_end(ap);
  *w = len < 0 || (size_t)len >= n - *w ? n - 1 : *w + (size_t)len;
}

/* One "N" or "N, M" of 1-based row numbers at *p (up to a character that
 * is not part of a word), each in 1..renumbered_n, into v; the count, or 0. */
static int row_numbers(const char **p, long v[2]) {
  const char *q = *p;
  int count = 0;
  while (count < 2 && *q >= '0' && *q <= '9') {
    char *end;
    v[count] = strtol(q, &end, 10);
    if (isalnum((unsigned char)*end) || *end == '-' || v[count] < 1 || v[count] > renumbered_n)
      return 0;
    count++;
    q = end;
    if (count == 2 || strncmp(q, ", ", 2) || q[2] < '0' || q[2] > '9')
      break;
    q += 2;
  }
  *p = q;
  return count;
}

/* The library numbers rows as it sees them: with problem.reorder, each
 * "1-based N" or "1-based N, M" of a level-0 message from the setup or the
 * solve also gets the file's numbers ("; the file's ..."). A coarse
 * level's rows ("level L: ...", L >= 1) are aggregates: left as they are,
 * up to a note on level 0's A (AMG_ASYMMETRY_NOTE). Without reorder the
 * message stays as it is. */
void rows_name_file_rows(amg_status s) {
  const char *p = amg_error_message();
  if (!renumbered)
    return;
  char out[AMG_MESSAGE_MAX];
  size_t w = 0, n = sizeof out;
  out[0] = '\0';
  if (!strncmp(p, "level ", 6) && atoi(p + 6) > 0) {
    const char *note = strstr(p, AMG_ASYMMETRY_NOTE);
    if (!note)
      return;
    append(out, n, &w, "%.*s", (int)(note - p), p);
    p = note;
  }
  while (*p && w + 1 < n) {
    const char *hit = strstr(p, "1-based ");
    size_t take = hit ? (size_t)(hit - p) + 8 : strlen(p);
    append(out, n, &w, "%.*s", (int)take, p);
    p += take;
    if (!hit)
      break;
    const char *start = p;
    long v[2];
    int count = row_numbers(&p, v);
    append(out, n, &w, "%.*s", (int)(p - start), start);
    if (count == 1)
      append(out, n, &w, "; the file's %d", renumbered[v[0] - 1] + 1);
    else if (count == 2)
      append(out, n, &w, "; the file's %d, %d", renumbered[v[0] - 1] + 1, renumbered[v[1] - 1] + 1);
  }
  amg_error(s, "%s", out);
}

int rows_fail(int code, amg_status s, const char *stage) {
  rows_name_file_rows(s);
  return solve_fail(code, s, stage);
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return 1e3 * (double)ts.tv_sec + 1e-6 * (double)ts.tv_nsec;
}

int rows_reorder(const app_config *cfg, fmt_csr **a) {
  if (cfg->reorder == APP_REORDER_NONE)
    return 0;
  double t0 = now_ms();
  fmt_csr *b = NULL;
  int32_t *perm = NULL;
  amg_status s = fmt_csr_rcm(*a, &perm);
  if (s == AMG_OK)
    s = fmt_csr_permute(*a, perm, &b);
  if (s != AMG_OK) {
    free(perm);
    return solve_fail(EXIT_INPUT, s, "problem.reorder");
  }
  printf("amg_solve: rows renumbered by reverse Cuthill-McKee in %.1f ms: bandwidth %lld -> %lld\n",
         now_ms() - t0, (long long)fmt_csr_bandwidth(*a), (long long)fmt_csr_bandwidth(b));
  fmt_csr_destroy(*a);
  *a = b;
  renumbered = perm;
  renumbered_n = b->m;
  return 0;
}

int rows_renumber(int32_t n, double *v, int to_new) {
  if (!v || !renumbered)
    return 0;
  double *scratch = malloc(((size_t)n + 1) * sizeof *scratch);
  if (!scratch) {
    fprintf(stderr, "amg_solve: out of host memory to renumber a vector\n");
    return EXIT_INPUT;
  }
  for (int32_t i = 0; i < n; i++)
    if (to_new)
      scratch[i] = v[renumbered[i]];
    else
      scratch[renumbered[i]] = v[i];
  memcpy(v, scratch, (size_t)n * sizeof *v);
  free(scratch);
  return 0;
}

void rows_free(void) {
  free(renumbered);
  renumbered = NULL;
  renumbered_n = 0;
}
