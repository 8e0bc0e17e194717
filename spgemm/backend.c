/* SpGEMM backend names (apps/app_config.c maps names from a config file). */
#include "spgemm.h"

const char *spgemm_backend_name(spgemm_backend be) { return be == SPGEMM_CUSPARSE ? "cusparse" : "tile"; }
