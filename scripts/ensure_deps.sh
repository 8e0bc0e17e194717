#!/usr/bin/env bash
# Finds or installs what the build needs on a fresh Debian/Ubuntu machine:
# libconfig (Debian's libconfig-dev). CMake, a C compiler and, optionally, the
# CUDA toolkit are expected to be there already.
set -euo pipefail

# Found when the header is in /usr/include, pkg-config knows it, or it sits
# under one of the CMAKE_PREFIX_PATH prefixes (an unpacked package).
have_libconfig() {
  [ -f /usr/include/libconfig.h ] || pkg-config --exists libconfig 2>/dev/null && return 0
  local prefix
  IFS=: read -ra prefixes <<<"${CMAKE_PREFIX_PATH:-}"
  for prefix in "${prefixes[@]}"; do
    [ -f "$prefix/include/libconfig.h" ] && return 0
  done
  return 1
}

if ! have_libconfig; then
  echo "ensure_deps: installing libconfig-dev" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo -n"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y -q libconfig-dev >/dev/null 2>&1 ||
    { $sudo apt-get update -q >/dev/null && $sudo apt-get install -y -q libconfig-dev >/dev/null; }
fi
have_libconfig || { echo "ensure_deps: libconfig not found and could not be installed" >&2; exit 1; }
