/* placeholder: strength (host) */ typedef int amg_placeholder_strength;
