/* placeholder: blas1 (device) */ typedef int amg_placeholder_blas1_cu;
