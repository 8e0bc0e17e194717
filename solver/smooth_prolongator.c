/* placeholder: smooth_prolongator (host) */ typedef int amg_placeholder_smooth_prolongator;
