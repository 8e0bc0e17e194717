/* amg_solve's exit codes, and the one form of its messages for a stage that
 * failed. */
#ifndef APPS_SOLVE_EXIT_H
#define APPS_SOLVE_EXIT_H

#include "amg.h"

/* 0 converged; 1 bad usage, configuration or input; 2 setup failed; 3 the
 * solve did not converge (or broke down). */
enum { EXIT_INPUT = 1, EXIT_SETUP = 2, EXIT_SOLVE = 3 };

/* "amg_solve: STAGE: message [STATUS]" on stderr, the message being
 * amg_error_message() with its control characters as \xNN; returns code. */
int solve_fail(int code, amg_status s, const char *stage);

/* stdout flushed where it shares a file with stderr (2>&1) or with path (an
 * output about to be written; NULL: none), so that what it holds comes
 * first there. Not otherwise: a pipe whose reader has gone would end the
 * process (SIGPIPE) before the message or the file that follows. */
void solve_flush_stdout(const char *path);

#endif
