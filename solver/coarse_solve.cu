/* placeholder: coarse_solve (device) */ typedef int amg_placeholder_coarse_solve_cu;
