/* placeholder: filter (device) */ typedef int amg_placeholder_filter_cu;
