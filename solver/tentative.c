/* placeholder: tentative (host) */ typedef int amg_placeholder_tentative;
