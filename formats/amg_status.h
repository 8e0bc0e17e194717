/* One status enum for the whole project, and the last-error message.
 *
 * Library functions return an amg_status. A failing function also records a
 * one-line message (with file:line of the input where there is one) that the
 * caller can read with amg_error_message(); only apps and tests print and exit.
 * The message buffer is thread-local, so concurrent callers do not mix. */
#ifndef AMG_STATUS_H
#define AMG_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum amg_status {
  AMG_OK = 0,             /* success */
  AMG_ERR_ARG,            /* invalid argument (NULL, bad size, wrong location) */
  AMG_ERR_NOMEM,          /* host allocation failed */
  AMG_ERR_DEVICE_NOMEM,   /* device allocation failed */
  AMG_ERR_CUDA,           /* CUDA runtime or library call failed */
  AMG_ERR_NO_CUDA,        /* this build has no CUDA backend */
  AMG_ERR_NO_DEVICE,      /* no usable GPU is present */
  AMG_ERR_IO,             /* a file could not be opened, read or written */
  AMG_ERR_PARSE,          /* malformed input file */
  AMG_ERR_CONFIG,         /* bad configuration: unknown key, wrong type, out of range */
  AMG_ERR_OVERFLOW,       /* a count does not fit its index type */
  AMG_ERR_INVALID_MATRIX, /* matrix violates its format's invariants */
  AMG_ERR_NOT_SQUARE,     /* the operation needs a square matrix */
  AMG_ERR_BAD_DIAGONAL,   /* zero, negative or missing diagonal entry */
  AMG_ERR_NONFINITE,      /* NaN or Inf in input or result */
  AMG_ERR_SINGULAR,       /* factorisation failed: singular or not SPD */
  AMG_ERR_BREAKDOWN,      /* iterative method broke down (e.g. p'Ap <= 0) */
  AMG_ERR_DIVERGED,       /* residual grew past the divergence bound */
  AMG_ERR_NOT_CONVERGED   /* max_iter reached before the tolerance */
} amg_status;

/* Short fixed name of a status, e.g. "AMG_ERR_PARSE". */
const char *amg_status_name(amg_status s);

/* Records a printf-style message for s and returns s, so that failure
 * paths read: return amg_error(AMG_ERR_PARSE, "%s:%ld: ...", file, line);
 * an argument may be amg_error_message(), to add to the last message. */
amg_status amg_error(amg_status s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* The message's capacity in bytes, with its end: room for a path of
 * PATH_MAX (4096) bytes and the line number and reason after it. Longer
 * messages are cut. */
#define AMG_MESSAGE_MAX 4608

/* The message recorded by the last failing call on this thread ("" if none). */
const char *amg_error_message(void);

/* Forgets the recorded message. */
void amg_error_clear(void);

#ifdef __cplusplus
}
#endif
#endif
