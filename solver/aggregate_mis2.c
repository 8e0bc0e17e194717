/* placeholder: aggregate_mis2 (host) */ typedef int amg_placeholder_aggregate_mis2;
