/* placeholder: strength (device) */ typedef int amg_placeholder_strength_cu;
