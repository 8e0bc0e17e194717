/* amg_solve's message for a failed stage, and the flush of stdout before
 * what goes to its file (see solve_exit.h). */
#include "solve_exit.h"

#include "formats.h"

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

static int same_file(const struct stat *a, const struct stat *b) {
  return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

void solve_flush_stdout(const char *path) {
  struct stat out, other;
  if (fstat(STDOUT_FILENO, &out) != 0)
    return;
  if ((fstat(STDERR_FILENO, &other) == 0 && same_file(&out, &other)) ||
      (path && stat(path, &other) == 0 && same_file(&out, &other)))
    fflush(stdout);
}

int solve_fail(int code, amg_status s, const char *stage) {
  solve_flush_stdout(NULL);
  char shown[4 * AMG_MESSAGE_MAX]; /* the message with an input's control characters as \xNN */
  fmt_show_controls(amg_error_message(), shown, sizeof shown);
  fprintf(stderr, "amg_solve: %s: %s [%s]\n", stage, shown, amg_status_name(s));
  return code;
}
