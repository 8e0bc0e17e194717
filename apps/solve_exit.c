/* amg_solve's message for a failed stage (see solve_exit.h). */
#include "solve_exit.h"

#include <stdio.h>

int solve_fail(int code, amg_status s, const char *stage) {
  fflush(stdout); /* what was said before comes first where both streams go to one file */
  fprintf(stderr, "amg_solve: %s: %s [%s]\n", stage, amg_error_message(), amg_status_name(s));
  return code;
}
