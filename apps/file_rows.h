/* problem.reorder for amg_solve: A renumbered by reverse Cuthill-McKee
 * before the setup, b and x0 moved into the new numbering and x back into
 * the file's, and the rows that the library's messages name given in the
 * file's numbering too. One renumbering per process. */
#ifndef APPS_FILE_ROWS_H
#define APPS_FILE_ROWS_H

#include "amg.h"
#include "app_config.h"

/* problem.reorder = "rcm": *a replaced by P A P^T (a line on stdout with the
 * time and the bandwidths), the numbering kept; nothing for "none". 0, or
 * the exit code after a message. */
int rows_reorder(const app_config *cfg, fmt_csr **a);
/* v (n entries; nothing where v is NULL or A was not renumbered) into the
 * new numbering (to_new) or back into the file's; 0, or the exit code after
 * a message. */
int rows_renumber(int32_t n, double *v, int to_new);
/* Where A was renumbered, the library's current message rewritten so that
 * each level-0 row it names ("1-based N", "1-based N, M") also gets the
 * file's numbers. */
void rows_name_file_rows(amg_status s);
/* solve_fail for the setup's and the solve's messages, after
 * rows_name_file_rows. */
int rows_fail(int code, amg_status s, const char *stage);
/* Frees the numbering. */
void rows_free(void);

#endif
