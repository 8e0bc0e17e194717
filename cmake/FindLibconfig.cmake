# Finds libconfig (C API). Works with a system install (Debian's libconfig-dev)
# and with an unpacked prefix given through CMAKE_PREFIX_PATH, whose .pc file
# would point at the wrong prefix, so pkg-config is only a hint here.
# Defines the imported target Libconfig::Libconfig.
find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND)
  pkg_check_modules(PC_LIBCONFIG QUIET libconfig)
endif()

find_path(LIBCONFIG_INCLUDE_DIR libconfig.h HINTS ${PC_LIBCONFIG_INCLUDE_DIRS})
find_library(LIBCONFIG_LIBRARY NAMES config libconfig HINTS ${PC_LIBCONFIG_LIBRARY_DIRS}
             PATH_SUFFIXES lib/x86_64-linux-gnu)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Libconfig REQUIRED_VARS LIBCONFIG_LIBRARY LIBCONFIG_INCLUDE_DIR)

if(Libconfig_FOUND AND NOT TARGET Libconfig::Libconfig)
  add_library(Libconfig::Libconfig UNKNOWN IMPORTED)
  set_target_properties(Libconfig::Libconfig PROPERTIES
    IMPORTED_LOCATION "${LIBCONFIG_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${LIBCONFIG_INCLUDE_DIR}")
endif()
mark_as_advanced(LIBCONFIG_INCLUDE_DIR LIBCONFIG_LIBRARY)
