#!/usr/bin/env bash
# Every function and object the libraries export is named amg_*, fmt_* or
# spgemm_*, so that an embedding program's own symbols cannot clash with
# them. Weak symbols (W, V: CUB's and Thrust's template instances) and
# undefined ones are not the libraries' own names and are not checked.
#   symbol_prefix_check.sh NM LIBRARY...   (NM: CMake's CMAKE_NM, or nm)
set -o pipefail
nm_tool=${1:-nm}
shift
command -v "$nm_tool" >/dev/null || { echo "symbol_prefix_check: $nm_tool not found"; exit 1; }
bad=0 checked=0
for lib in "$@"; do
  # T D B R: text, data, bss, read-only; C: common; G S: small data; i: indirect functions
  names=$("$nm_tool" -g --defined-only -C "$lib" |
    awk 'NF >= 3 && $2 ~ /^[TDBRCGSi]$/ { $1 = ""; $2 = ""; sub(/^ +/, ""); print }') ||
    { echo "symbol_prefix_check: $nm_tool failed on $lib"; exit 1; }
  [ -n "$names" ] || { echo "symbol_prefix_check: no symbols in $lib"; exit 1; }
  checked=$((checked + $(wc -l <<<"$names")))
  while IFS= read -r s; do
    case "$s" in
    amg_* | fmt_* | spgemm_*) ;;
    *) echo "$(basename "$lib"): exports '$s' without the amg_, fmt_ or spgemm_ prefix"; bad=1 ;;
    esac
  done <<<"$names"
done
[ $bad = 0 ] && echo "symbol_prefix_check: $checked exported symbols in $# libraries, all prefixed"
exit $bad
