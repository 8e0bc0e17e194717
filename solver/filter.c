/* placeholder: filter (host) */ typedef int amg_placeholder_filter;
