#!/usr/bin/env bash
# amg_solve on the GPU (label gpu; 77 without one): the GPU is initialised on
# a second thread while the matrix is generated or read, then set up and
# solved; each run converges, in the CPU backend's iterations or one more or
# fewer (rounding differs between the backends; test_solve allows the same).
#   amg_solve_gpu.sh AMG_SOLVE SOURCE_DIR
set -u
solve=$1 src=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$solve" --config "$src/configs/poisson2d_5pt_small.cfg" --set output.verbose=false >/dev/null 2>"$dir/probe"
if grep -qE "no GPU found|no CUDA backend" "$dir/probe"; then
  if [ -n "${AMG_REQUIRE_GPU:-}" ]; then echo "FAIL: no GPU found, and AMG_REQUIRE_GPU is set"; exit 1; fi
  echo "skipped, no GPU (or built without CUDA)"
  exit 77
fi
fails=0
# iterations BACKEND CONFIG: the run's iteration count on stdout ("" when it failed).
iterations() {
  if ! "$solve" --config "$2" --backend "$1" --set output.verbose=false >"$dir/out" 2>"$dir/err"; then
    echo "FAIL: amg_solve --backend $1 --config $2: $(head -2 "$dir/err")" >&2
    return
  fi
  if [ "$1" = gpu ] && ! grep -qE "^amg_solve: GPU initialisation \(.*\) [0-9.]+ ms, once per process$" "$dir/out"; then
    echo "FAIL: amg_solve --backend gpu --config $2: no initialisation line" >&2
    return
  fi
  grep -o "^converged after [0-9]* iterations" "$dir/out" | grep -o "[0-9][0-9]*"
}
for c in poisson2d_5pt_small poisson3d_27pt_small matrix_market; do
  g=$(iterations gpu "$src/configs/$c.cfg")
  h=$(iterations cpu "$src/configs/$c.cfg")
  if [ -z "$g" ] || [ -z "$h" ] || [ $((g - h)) -gt 1 ] || [ $((h - g)) -gt 1 ]; then
    echo "FAIL $c: gpu '${g}' iterations, cpu '${h}'"
    fails=$((fails + 1))
  else
    echo "ok   $c: $g iterations on the GPU, $h on the CPU"
  fi
done
exit $((fails > 0))
