/* Status names and the thread-local last-error message. */
#include "amg_status.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static _Thread_local char amg_last_message[AMG_MESSAGE_MAX];

const char *amg_status_name(amg_status s) {
  switch (s) {
  case AMG_OK: return "AMG_OK";
  case AMG_ERR_ARG: return "AMG_ERR_ARG";
  case AMG_ERR_NOMEM: return "AMG_ERR_NOMEM";
  case AMG_ERR_DEVICE_NOMEM: return "AMG_ERR_DEVICE_NOMEM";
  case AMG_ERR_CUDA: return "AMG_ERR_CUDA";
  case AMG_ERR_NO_CUDA: return "AMG_ERR_NO_CUDA";
  case AMG_ERR_NO_DEVICE: return "AMG_ERR_NO_DEVICE";
  case AMG_ERR_IO: return "AMG_ERR_IO";
  case AMG_ERR_PARSE: return "AMG_ERR_PARSE";
  case AMG_ERR_CONFIG: return "AMG_ERR_CONFIG";
  case AMG_ERR_OVERFLOW: return "AMG_ERR_OVERFLOW";
  case AMG_ERR_INVALID_MATRIX: return "AMG_ERR_INVALID_MATRIX";
  case AMG_ERR_NOT_SQUARE: return "AMG_ERR_NOT_SQUARE";
  case AMG_ERR_BAD_DIAGONAL: return "AMG_ERR_BAD_DIAGONAL";
  case AMG_ERR_NONFINITE: return "AMG_ERR_NONFINITE";
  case AMG_ERR_SINGULAR: return "AMG_ERR_SINGULAR";
  case AMG_ERR_BREAKDOWN: return "AMG_ERR_BREAKDOWN";
  case AMG_ERR_DIVERGED: return "AMG_ERR_DIVERGED";
  case AMG_ERR_NOT_CONVERGED: return "AMG_ERR_NOT_CONVERGED";
  }
  return "AMG_ERR_UNKNOWN";
}

amg_status amg_error(amg_status s, const char *fmt, ...) {
  if (!fmt) { /* still s, with no message to record */
    amg_last_message[0] = '\0';
    return s;
  }
  char text[sizeof amg_last_message]; /* an argument may be amg_error_message() itself */
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  memcpy(amg_last_message, text, sizeof text);
  return s;
}

const char *amg_error_message(void) { return amg_last_message; }

void amg_error_clear(void) { amg_last_message[0] = '\0'; }
