/* placeholder: spmv (host) */ typedef int amg_placeholder_spmv;
