#!/usr/bin/env bash
# Every CUDA source of the libraries that launches kernels (its own or CUB's)
# names one of them, once, with FMT_DEVICE_MODULE, so that amg_device_init
# loads all of them before the first setup (formats/device_modules.cu).
#   kernel_modules_check.sh SOURCE_DIR
cd "$1" || exit 1
bad=0 checked=0
for f in formats/*.cu spgemm/*.cu solver/*.cu; do
  grep -qE '__global__|<<<|cub::|thrust::|cudaLaunch|fmt_cub\(|fmt_scan_' "$f" || continue
  checked=$((checked + 1))
  n=$(grep -c '^FMT_DEVICE_MODULE(' "$f")
  if [ "$n" != 1 ]; then
    echo "$f: launches kernels, and names $n of them with FMT_DEVICE_MODULE (one is needed)"
    bad=1
  fi
done
if [ "$checked" -lt 30 ]; then # the glob found the sources (35 in November 2026)
  echo "only $checked CUDA sources with kernels found under $1"
  bad=1
fi
[ $bad = 0 ] && echo "kernel_modules_check: $checked CUDA sources, each names one kernel"
exit $bad
