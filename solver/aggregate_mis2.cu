/* placeholder: aggregate_mis2 (device) */ typedef int amg_placeholder_aggregate_mis2_cu;
