/* placeholder: spmv_baseline (device) */ typedef int amg_placeholder_spmv_baseline;
