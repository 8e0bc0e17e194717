/* SpGEMM backend names. */
#include <string.h>

#include "spgemm.h"

amg_status spgemm_backend_parse(const char *name, spgemm_backend *out) {
  if (name && !strcmp(name, "tile")) {
    *out = SPGEMM_TILE;
    return AMG_OK;
  }
  if (name && !strcmp(name, "cusparse")) {
    *out = SPGEMM_CUSPARSE;
    return AMG_OK;
  }
  return amg_error(AMG_ERR_CONFIG, "unknown SpGEMM backend \"%s\" (expected \"tile\" or \"cusparse\")",
                   name ? name : "(null)");
}

const char *spgemm_backend_name(spgemm_backend be) { return be == SPGEMM_CUSPARSE ? "cusparse" : "tile"; }
