/* placeholder: smooth_prolongator (device) */ typedef int amg_placeholder_smooth_prolongator_cu;
