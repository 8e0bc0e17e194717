/* SpGEMM backend names. */
#include "spgemm.h"

const char *spgemm_backend_name(spgemm_backend be) { return be == SPGEMM_CUSPARSE ? "cusparse" : "tile"; }
