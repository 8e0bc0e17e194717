/* placeholder: spmv (device) */ typedef int amg_placeholder_spmv_cu;
