/* amg_solve's message for a failed stage (see solve_exit.h). */
#include "solve_exit.h"

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* Whether standard output and standard error are one file (2>&1). */
static int streams_shared(void) {
  struct stat out, err;
  return fstat(STDOUT_FILENO, &out) == 0 && fstat(STDERR_FILENO, &err) == 0 && out.st_dev == err.st_dev &&
         out.st_ino == err.st_ino;
}

int solve_fail(int code, amg_status s, const char *stage) {
  /* what was said before comes first in a shared file; flushed only then, since a pipe whose reader
     has gone would end the process (SIGPIPE) before the message reached stderr */
  if (streams_shared())
    fflush(stdout);
  fprintf(stderr, "amg_solve: %s: %s [%s]\n", stage, amg_error_message(), amg_status_name(s));
  return code;
}
