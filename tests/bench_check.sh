#!/usr/bin/env bash
# The benchmark programs: bench_check.sh cli|run SPGEMM_BENCH SPMV_BENCH
#  cli (label cpu): command-line errors exit 2 naming the argument (--json
#    naming the --mtx file among them, the matrix left as it was); without
#    a GPU each program exits 1 saying so; with one, a problem too small to
#    coarsen exits 1 saying nothing was measured.
#  run (label gpu; 77 without a GPU): a small spgemm_bench run writes valid
#    JSON whose figures are consistent (medians within min..max, an order's
#    row equal to its two products' sum); each program's results table on a
#    full stdout exits 1 saying so; a JSON cut short, or left empty when
#    nothing was measured, is removed.
set -uo pipefail
mode=$1 spgemm=$2 spmv=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# expect NAME CODE NEEDLE -- PROGRAM ARGS...: exit code CODE and NEEDLE in stderr.
expect() {
  local name=$1 code=$2 needle=$3
  shift 4
  "$@" >"$dir/out" 2>"$dir/err"
  local got=$?
  if [ $got -ne "$code" ]; then fail "$name: exit $got, expected $code ($(head -1 "$dir/err"))"
  elif ! grep -qF -- "$needle" "$dir/err"; then fail "$name: stderr lacks '$needle': $(head -1 "$dir/err")"
  else echo "ok: $name"; fi
}
gpu=1
"$spgemm" --problem 3d7 --n 3 >/dev/null 2>"$dir/probe"
grep -q "no GPU found" "$dir/probe" && gpu=0

if [ "$mode" = cli ]; then
  for b in "$spgemm" "$spmv"; do
    n=$(basename "$b")
    expect "$n unknown option" 2 "--bogus: unknown option" -- "$b" --bogus
    expect "$n missing value" 2 "--reps: unknown option, or its value is missing" -- "$b" --reps
    expect "$n option as a value" 2 "--reps needs a value, not the option --json" -- "$b" --reps --json x.json
    expect "$n bad number" 2 "--reps 'abc' is not an integer" -- "$b" --reps abc
    expect "$n bad problem" 2 "--problem '4d' is not one of 2d5" -- "$b" --problem 4d
    # --json naming the --mtx file (by path or by a hard link) is refused before anything is opened
    printf '%%%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 2\n' >"$dir/a.mtx"
    cp "$dir/a.mtx" "$dir/a_copy.mtx"
    ln -f "$dir/a.mtx" "$dir/a_link.mtx"
    expect "$n json over mtx" 2 "--json $dir/a.mtx is the matrix --mtx $dir/a.mtx" -- "$b" --mtx "$dir/a.mtx" \
      --json "$dir/a.mtx"
    expect "$n json over mtx by a link" 2 "writing the JSON would destroy it" -- "$b" --mtx "$dir/a.mtx" \
      --json "$dir/a_link.mtx"
    cmp -s "$dir/a.mtx" "$dir/a_copy.mtx" || fail "$n: --json over --mtx changed the matrix"
    "$b" --help >"$dir/out" 2>"$dir/err"
    got=$?
    if [ $got -ne 0 ] || ! grep -q "^usage: $n " "$dir/out" || [ -s "$dir/err" ]; then
      fail "$n --help: exit $got (want 0), usage on stdout and nothing on stderr"
    else echo "ok: $n --help"; fi
  done
  expect "spgemm_bench bad choice" 2 "'foo' is not one of its values" -- "$spgemm" --kernels foo
  expect "spmv_bench too few reps" 2 "--reps 10: the variants' medians need at least 20" -- "$spmv" --reps 10
  expect "spmv_bench bad list slots" 2 "--list-slots: spmv: 7 list slots" -- "$spmv" --list-slots 7
  if [ $gpu = 0 ]; then
    echo "(no GPU here: the no-GPU exits are checked)"
    expect "spgemm_bench without a GPU" 1 "no GPU found" -- "$spgemm" --problem 3d7 --n 5
    expect "spmv_bench without a GPU" 1 "no GPU found" -- "$spmv" --problem 3d7 --n 5
    expect "spmv_bench valid options reach the GPU check" 1 "no GPU found" -- "$spmv" --list-slots 8 --inner 2 \
      --problem 3d7 --n 5
    expect "spgemm_bench valid options reach the GPU check" 1 "no GPU found" -- "$spgemm" --kernels rows \
      --passes one --dot off --levels 2 --problem 3d7 --n 5
  else
    echo "(a GPU is here: the small-problem and JSON-path exits are checked)"
    expect "spgemm_bench n = 3" 1 "nothing was measured" -- "$spgemm" --problem 3d7 --n 3
    expect "spgemm_bench bad json path" 2 "--json $dir/no/such.json" -- "$spgemm" --problem 3d7 --n 3 \
      --json "$dir/no/such.json"
  fi
elif [ "$mode" = run ]; then
  if [ $gpu = 0 ]; then
    if [ -n "${AMG_REQUIRE_GPU:-}" ]; then echo "FAIL: no GPU found, and AMG_REQUIRE_GPU is set"; exit 1; fi
    echo "skipped, no GPU (or built without CUDA)"
    exit 77
  fi
  expect "spgemm_bench small run" 0 "level 0" -- "$spgemm" --problem 3d7 --n 20 --reps 10 --json "$dir/b.json"
  # a results table lost on a full stdout is a failure, not exit 0
  for b in "$spgemm" "$spmv"; do
    "$b" --problem 3d7 --n 20 --reps 20 >/dev/full 2>"$dir/err"
    got=$?
    if [ $got -ne 1 ] || ! grep -qF "writing the results to stdout failed" "$dir/err"; then
      fail "$(basename "$b") >/dev/full: exit $got (want 1): $(tail -1 "$dir/err")"
    else echo "ok: $(basename "$b") >/dev/full"; fi
  done
  # the JSON cut short by a file size limit of 1 KiB (spgemm_bench ignores SIGXFSZ, so a write past it
  # fails with EFBIG): exit 1, and the partial file removed; stdout and stderr through a pipe, which the
  # limit does not cover
  printf '%s\n' '(ulimit -f 1; exec "$@" 2>&1) | cat' 'exit "${PIPESTATUS[0]}"' >"$dir/limited.sh"
  bash "$dir/limited.sh" "$spgemm" --problem 3d7 --n 20 --reps 10 --json "$dir/cut.json" >"$dir/out" 2>&1
  got=$?
  if [ $got -ne 1 ] || ! grep -q "cut.json: writing failed: .*; the partial file was removed" "$dir/out" ||
    [ -e "$dir/cut.json" ]; then
    fail "spgemm_bench --json cut short: exit $got (want 1), file left: $([ -e "$dir/cut.json" ] && echo yes || echo no): $(tail -1 "$dir/out")"
  else echo "ok: spgemm_bench --json cut short: $(grep -m1 'cut.json' "$dir/out")"; fi
  # nothing measured: the --json file created at start-up is removed at exit; a device named is left
  expect "spgemm_bench n = 3 with --json" 1 "nothing was measured" -- "$spgemm" --problem 3d7 --n 3 \
    --json "$dir/none.json"
  [ -e "$dir/none.json" ] && fail "spgemm_bench n = 3: the empty --json file was left"
  expect "spgemm_bench n = 3 with --json /dev/null" 1 "nothing was measured" -- "$spgemm" --problem 3d7 --n 3 \
    --json /dev/null
  [ -c /dev/null ] || fail "spgemm_bench n = 3 --json /dev/null: /dev/null is no longer a device"
  python3 - "$dir/b.json" <<'EOF' || fails=$((fails + 1))
import json, sys
d = json.load(open(sys.argv[1]))
figs = d["figures"]
bad = []
if d["reps"] != 10 or not figs:
    bad.append("reps %s, %d figures" % (d["reps"], len(figs)))
by = {(f["level"], f["op"]): f for f in figs}
for f in figs:
    name = "level %d %s" % (f["level"], f["op"])
    if not f["tile_ms"] > 0 or not f["tile_floor_ms"] > 0:
        bad.append(name + ": tile time or floor not positive")
    if f["sum_of_medians"]:
        if f["tile_min_ms"] != -1 or f["tile_max_ms"] != -1:
            bad.append(name + ": a sum row has a min or max")
        parts = {"order pt_ap": ("A*P", "P^T*(AP)"), "order pta_p": ("P^T*A", "(P^T A)*P"),
                 "order pt_ap sym": ("A*P", "P^T*(AP) sym"), "order pta_p sym": ("P^T*A", "(P^T A)*P sym")}
        x, y = (by[(f["level"], p)] for p in parts[f["op"]])
        for k in ("tile_ms", "cusparse_ms"):
            if abs(f[k] - x[k] - y[k]) > 1e-9 * f[k]:
                bad.append(name + ": %s is not its products' sum" % k)
    elif not f["tile_min_ms"] <= f["tile_ms"] <= f["tile_max_ms"]:
        bad.append(name + ": tile median outside min..max")
    elif f["cusparse_ms"] > 0 and not f["cusparse_min_ms"] <= f["cusparse_ms"] <= f["cusparse_max_ms"]:
        bad.append(name + ": cuSPARSE median outside min..max")
for b in bad:
    print("FAIL:", b)
print("ok: %d figures checked" % len(figs) if not bad else "")
sys.exit(1 if bad else 0)
EOF
else
  echo "usage: bench_check.sh cli|run SPGEMM_BENCH SPMV_BENCH"
  exit 2
fi
if [ $fails -gt 0 ]; then
  echo "bench_check $mode: $fails check(s) failed"
  exit 1
fi
echo "bench_check $mode: all checks passed"
