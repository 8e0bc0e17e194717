/* placeholder: coarse_solve (host) */ typedef int amg_placeholder_coarse_solve;
