/* placeholder: blas1 (host) */ typedef int amg_placeholder_blas1;
