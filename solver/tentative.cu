/* placeholder: tentative (device) */ typedef int amg_placeholder_tentative_cu;
