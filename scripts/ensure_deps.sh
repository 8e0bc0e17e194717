#!/usr/bin/env bash
# Finds or installs what the build needs on a fresh Debian/Ubuntu machine:
# cmake, a C compiler, make or ninja and libconfig (Debian's libconfig-dev),
# and where wanted g++ (for nvcc) and python3 (two tests), through apt where
# missing; only the first four are required.
# The CUDA toolkit is optional and not installed here. Arguments: those given
# to cmake's configure; a -DCMAKE_PREFIX_PATH=... among them is searched for
# libconfig too.
set -euo pipefail

prefixes="${CMAKE_PREFIX_PATH:-}"
for arg in "$@"; do
  case $arg in -DCMAKE_PREFIX_PATH=* | -DCMAKE_PREFIX_PATH:*=*) prefixes="$prefixes:${arg#*=}" ;; esac
done

# Found when the header is in /usr/include or /usr/local/include, pkg-config
# knows it, or it sits under one of the prefixes (an unpacked package).
have_libconfig() {
  [ -f /usr/include/libconfig.h ] || [ -f /usr/local/include/libconfig.h ] ||
    pkg-config --exists libconfig 2>/dev/null && return 0
  local prefix
  IFS=':;' read -ra list <<<"$prefixes"
  for prefix in "${list[@]}"; do
    [ -n "$prefix" ] && [ -f "$prefix/include/libconfig.h" ] && return 0
  done
  return 1
}

missing=()
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v cc >/dev/null 2>&1 || missing+=(gcc)
nvcc=$(command -v nvcc || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; } || true)
[ -n "$nvcc" ] && ! command -v g++ >/dev/null 2>&1 && missing+=(g++) # nvcc compiles host code with it
command -v make >/dev/null 2>&1 || command -v ninja >/dev/null 2>&1 || missing+=(make)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
have_libconfig || missing+=(libconfig-dev)
if [ ${#missing[@]} -gt 0 ]; then
  echo "ensure_deps: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo -n"
  export DEBIAN_FRONTEND=noninteractive
  apt=($sudo apt-get -o DPkg::Lock::Timeout=300 -y -q)
  "${apt[@]}" install --no-install-recommends "${missing[@]}" >/dev/null 2>&1 ||
    { "${apt[@]}" update >/dev/null && "${apt[@]}" install --no-install-recommends "${missing[@]}" >/dev/null; } ||
    true
fi
have_libconfig || { echo "ensure_deps: libconfig not found and could not be installed" >&2; exit 1; }
for tool in cmake cc; do
  command -v $tool >/dev/null 2>&1 || { echo "ensure_deps: $tool not found and could not be installed" >&2; exit 1; }
done
command -v make >/dev/null 2>&1 || command -v ninja >/dev/null 2>&1 ||
  { echo "ensure_deps: neither make nor ninja found, and make could not be installed" >&2; exit 1; }
[ -z "$nvcc" ] || command -v g++ >/dev/null 2>&1 ||
  echo "ensure_deps: g++ not found and could not be installed: $nvcc cannot compile, so the build is CPU only" >&2
command -v python3 >/dev/null 2>&1 ||
  echo "ensure_deps: python3 not found and could not be installed: two tests (Matrix Market fuzz) will fail" >&2
# CMakeLists.txt needs 3.22
version=$(cmake --version | sed -n 's/^cmake version \([0-9]*\)\.\([0-9]*\).*/\1 \2/p')
read -r major minor <<<"$version"
if [ "${major:-0}" -lt 3 ] || { [ "$major" -eq 3 ] && [ "${minor:-0}" -lt 22 ]; }; then
  echo "ensure_deps: cmake $major.$minor is older than 3.22 (pip install cmake gives a newer one)" >&2
  exit 1
fi
