#!/usr/bin/env bash
# amg_solve from the outside: each bad input gets a clear message and a
# non-zero exit; a good run writes a JSON report that parses and holds the
# documented fields. Usage: amg_solve_cli.sh AMG_SOLVE SOURCE_DIR
set -u
solve=$1; src=$2
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
failures=0

# run ARGS...: amg_solve on the CPU (BACKEND=gpu: the GPU) into $dir/out and $dir/err (at most 120 s), its
# status in $code.
# A sanitizer's report on stderr (a build with -fsanitize=address,undefined) is a failure.
run() {
  timeout 120 "$solve" --backend "${BACKEND:-cpu}" "$@" >"$dir/out" 2>"$dir/err"
  code=$?
  if grep -qE 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$dir/err"; then
    echo "FAIL sanitizer report, amg_solve $*:"; grep -m3 -E 'Sanitizer|runtime error:|#[0-9] ' "$dir/err" | sed 's/^/  /'
    failures=$((failures + 1))
  fi
}

# expect NAME EXIT_CODE NEEDLE -- ARGS...: runs amg_solve, checks the exit code and stderr.
expect() {
  local name=$1 want=$2 needle=$3; shift 4
  run "$@"
  if [ "$code" -ne "$want" ] || ! grep -qF -- "$needle" "$dir/err"; then
    echo "FAIL $name: exit $code (want $want), stderr:"; sed 's/^/  /' "$dir/err" | head -5
    echo "  (wanted the message to contain: $needle)"
    failures=$((failures + 1))
  else
    echo "ok   $name: $(head -1 "$dir/err")"
  fi
}

# verdict NAME STATUS DETAIL: a check made on run's output passed where STATUS is 0.
verdict() {
  if [ "$2" -eq 0 ]; then
    echo "ok   $1: $3"
  else
    echo "FAIL $1: $3; exit $code, the output ends:"; tail -n 5 "$dir/out" "$dir/err" | sed 's/^/  /'
    failures=$((failures + 1))
  fi
}

good() { # a small valid config; extra lines appended into the given section
  printf 'problem: { type = "poisson"; stencil = 5; n = 16; };\noutput: { verbose = false; };\n'
}

good >"$dir/unknown.cfg"; printf 'amg: {\n  coarse_sise = 10;\n};\n' >>"$dir/unknown.cfg"
expect "unknown key" 1 "unknown.cfg:4: unknown key 'amg.coarse_sise' (did you mean 'amg.coarse_size'?)" -- --config "$dir/unknown.cfg"
good >"$dir/type.cfg"; printf 'solver: { max_iter = "many"; };\n' >>"$dir/type.cfg"
expect "wrong type" 1 "type.cfg:3: solver.max_iter must be an integer" -- --config "$dir/type.cfg"
printf 'problem: {\n  type = "poisson";\n  stencil = 6;\n};\n' >"$dir/stencil.cfg"
expect "value out of range" 1 "stencil.cfg:3: problem.stencil = 6 is not one of 5, 9, 7, 27" -- --config "$dir/stencil.cfg"
expect "missing config" 1 "cannot open" -- --config "$dir/nowhere.cfg"
expect "bad --set" 1 "--set amg.bogus=1: unknown key" -- --config "$src/configs/poisson2d_5pt_small.cfg" --set amg.bogus=1
expect "--set of one key twice" 1 "--set solver.max_iter=3 and --set  solver.max_iter = 5 both set solver.max_iter; give each key once" \
  -- --config "$src/configs/poisson2d_5pt_small.cfg" --set solver.max_iter=3 --set " solver.max_iter = 5"
expect "--set without = twice" 1 "--set solver.tol: expected section.key=value" \
  -- --config "$src/configs/poisson2d_5pt_small.cfg" --set solver.tol --set solver.tol
expect "--backend twice" 1 "--backend given twice ('cpu', then 'gpu')" -- --config "$dir/unknown.cfg" --backend gpu
expect "--repeat with a sign" 1 "--repeat takes a count in 1..1000, not '+3'" -- --config "$dir/unknown.cfg" --repeat +3
# Standard output that cannot be written (a full disk): an error, not a silent exit 0.
good >"$dir/full.cfg"
timeout 120 "$solve" --backend cpu --config "$dir/full.cfg" >/dev/full 2>"$dir/err"
code=$?
[ $code -eq 1 ] && grep -q "writing to standard output failed" "$dir/err"
verdict "stdout on a full device" $? "$(tail -1 "$dir/err")"
timeout 60 "$solve" --print-config >/dev/full 2>"$dir/err"
[ $? -eq 1 ] && grep -q "writing to standard output failed" "$dir/err"
verdict "--print-config on a full device" $? "$(tail -1 "$dir/err")"
# @include of a directory: libconfig's scanner would print "input in flex scanner failed" and exit 2.
mkdir "$dir/adir"; good >"$dir/incdir.cfg"; printf '@include "adir"\n' >>"$dir/incdir.cfg"
expect "@include of a directory" 1 "incdir.cfg:3: cannot open include file, in: @include \"adir\" ($dir/adir: Is a directory)" \
  -- --config "$dir/incdir.cfg"

mm() { # mm NAME CONTENT: a config reading the matrix file NAME.mtx
  printf '%b' "$2" >"$dir/$1.mtx"
  printf 'problem: { type = "matrix_market"; file = "%s.mtx"; };\noutput: { verbose = false; };\n' "$1" >"$dir/$1.cfg"
}
expect "missing matrix file" 1 "cannot open" -- --config "$src/configs/matrix_market.cfg" --set problem.file=$dir/none.mtx
mm malformed '%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 4\n2 x 4\n'
expect "malformed .mtx" 1 "malformed.mtx:4:" -- --config "$dir/malformed.cfg"
# A path of 700 bytes: the message keeps the file's name, its line and the reason.
long="$dir/$(printf 'd%.0s' $(seq 230))/$(printf 'e%.0s' $(seq 230))/$(printf 'f%.0s' $(seq 230))"
mkdir -p "$long" && cp "$dir/malformed.mtx" "$dir/malformed.cfg" "$long/"
expect "malformed .mtx under a long path" 1 "malformed.mtx:4: " -- --config "$long/malformed.cfg"
longer="$long/$(printf 'g%.0s' $(seq 230))/$(printf 'h%.0s' $(seq 230))" # 1,200 bytes and more
mkdir -p "$longer" && printf 'problem: {\n  stencil = 6;\n};\n' >"$longer/stencil.cfg"
expect "config error under a longer path" 1 "stencil.cfg:2: problem.stencil = 6 is not one of" -- --config "$longer/stencil.cfg"
mm range '%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 4\n3 2 4\n'
expect "index out of range" 1 "range.mtx:4: row index 3 out of range" -- --config "$dir/range.cfg"
mm rect '%%MatrixMarket matrix coordinate real general\n2 3 2\n1 1 4\n2 2 4\n'
expect "non-square matrix" 1 "rect.mtx:2: the size line declares 2 x 3; a linear system needs a square matrix" -- --config "$dir/rect.cfg"
mm zerodiag '%%MatrixMarket matrix coordinate real symmetric\n3 3 5\n1 1 2\n2 1 -1\n2 2 0\n3 2 -1\n3 3 2\n'
expect "zero diagonal" 2 "row 1 (1-based 2): diagonal entry is 0" -- --config "$dir/zerodiag.cfg"
mm emptyrow '%%MatrixMarket matrix coordinate real general\n3 3 4\n1 1 2\n1 2 -1\n2 1 -1\n2 2 2\n'
expect "empty row" 2 "row 2 (1-based 3) has no entries, so the matrix is singular" -- --config "$dir/emptyrow.cfg"
# Both streams into one pipe: the matrix line on stdout comes before the failure on stderr. A pipe
# whose reader has gone: the failure still reaches stderr (exit 141, SIGPIPE, at the exit's flush).
timeout 60 "$solve" --backend cpu --config "$dir/emptyrow.cfg" 2>&1 | cat >"$dir/both"
head -1 "$dir/both" | grep -q "emptyrow.mtx: 3 rows" && tail -1 "$dir/both" | grep -q "has no entries"
verdict "stdout before stderr in one pipe" $? "$(tr '\n' '|' <"$dir/both")"
timeout 60 "$solve" --backend cpu --config "$dir/emptyrow.cfg" 2>"$dir/err" | true
grep -q "has no entries" "$dir/err"
verdict "a failure after stdout's reader has gone" $? "$(cat "$dir/err")"
# x is written before the exit's flush meets the reader that has gone (stdout is flushed first only where x
# goes to stdout's own file)
rm -f "$dir/x_gone.mtx"
timeout 60 "$solve" --backend cpu --config "$src/configs/poisson2d_5pt_small.cfg" --set output.verbose=false \
  --set output.solution="$dir/x_gone.mtx" 2>/dev/null | true
[ "$(grep -c . "$dir/x_gone.mtx" 2>/dev/null)" = 4098 ]
verdict "x written after stdout's reader has gone" $? "$(wc -l <"$dir/x_gone.mtx" 2>&1)"
# x into stdout's own pipe: after the tables, not inside them
timeout 60 "$solve" --backend cpu --config "$src/configs/poisson2d_5pt_small.cfg" --set output.verbose=false \
  --set output.solution=/dev/stdout 2>/dev/null | cat >"$dir/x_pipe"
awk '/^Hierarchy/ { h = NR } /^%%MatrixMarket/ { x = NR } /^setup .* ms/ { t = NR } END { exit !(h && t && x > t) }' \
  "$dir/x_pipe"
verdict "x into stdout's pipe after the tables" $? "$(grep -n -m1 MatrixMarket "$dir/x_pipe")"
mm nodiag '%%MatrixMarket matrix coordinate real general\n2 2 2\n1 2 1\n2 1 1\n'
expect "missing diagonal entry" 2 "row 0 (1-based 1) has no diagonal entry" -- --config "$dir/nodiag.cfg"
mm nan '%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 nan\n2 2 4\n'
expect "NaN entry" 1 "nan.mtx:3: value is not finite" -- --config "$dir/nan.cfg"
# Indefinite with a positive diagonal: [[1, 2], [2, 1]] has eigenvalues 3 and -1.
mm indefinite '%%MatrixMarket matrix coordinate real symmetric\n2 2 3\n1 1 1\n2 1 2\n2 2 1\n'
expect "indefinite matrix" 2 "not positive definite" -- --config "$dir/indefinite.cfg"
# SPD, but with entries near double's limit: the power iteration's sums overflow; the message says to rescale.
mm huge_values '%%MatrixMarket matrix coordinate real symmetric\n4 4 7\n1 1 1.7e308\n2 1 -8e307\n2 2 1.7e308\n3 2 -8e307\n3 3 1.7e308\n4 3 -8e307\n4 4 1.7e308\n'
expect "entries near DBL_MAX" 2 "its sums overflowed: the matrix's entries are too near the limit of a double, rescale the matrix" -- \
  --config "$dir/huge_values.cfg" --set amg.coarse_size=1
# Declared sizes are checked before the O(rows) arrays are allocated: 2e9 rows, 3 entries.
mm huge '%%MatrixMarket matrix coordinate real general\n2000000000 2000000000 3\n1 1 1\n2 2 1\n3 3 1\n'
expect "2e9 rows, 3 entries" 1 "huge.mtx:2: 3 entries for 2000000000 rows" -- --config "$dir/huge.cfg"
# The right-hand side file: every line is one finite value, or the error names file:line.
rhs() { # rhs NAME CONTENT: a config solving the 4x4 matrix tri4.mtx with b from NAME.txt
  printf '%b' "$2" >"$dir/$1.txt"
  printf 'problem: { type = "matrix_market"; file = "tri4.mtx"; rhs = "file"; rhs_file = "%s.txt"; };\n' "$1" \
    >"$dir/$1.cfg"
  printf 'output: { verbose = false; };\n' >>"$dir/$1.cfg"
}
mm tri4 '%%MatrixMarket matrix coordinate real symmetric\n4 4 7\n1 1 2\n2 1 -1\n2 2 2\n3 2 -1\n3 3 2\n4 3 -1\n4 4 2\n'
rhs long "0.$(printf '0%.0s' $(seq 297))1\n2\n3\n"
expect "long line is one value" 1 "long.txt:3: 3 values, the matrix needs 4" -- --config "$dir/long.cfg"
rhs nul '1\n2\000x\n3\n4\n'
expect "NUL in b" 1 "nul.txt:2: line contains a NUL byte" -- --config "$dir/nul.cfg"
rhs nulend '1\n2\000\n3\n4\n'
expect "NUL ending a line of b" 1 "nulend.txt:2: line contains a NUL byte" -- --config "$dir/nulend.cfg"
rhs nanb '1\nnan\n3\n4\n'
expect "NaN in b" 1 "nanb.txt:2: value is not finite: 'nan'" -- --config "$dir/nanb.cfg"
rhs big '1\n1e400\n3\n4\n'
expect "1e400 in b" 1 "big.txt:2: value is not finite" -- --config "$dir/big.cfg"
rhs dirb ''; rm "$dir/dirb.txt"; mkdir "$dir/dirb.txt"
expect "directory as b" 1 "dirb.txt:1: read error: Is a directory" -- --config "$dir/dirb.cfg"
rhs sizeb '%%MatrixMarket matrix array real general\n3 1\n1\n1\n1\n'
expect "b of the wrong size" 1 "sizeb.txt:2: the vector has 3 rows, the matrix needs 4" -- --config "$dir/sizeb.cfg"
# output.solution: for tri4 and b = ones, x = (2, 3, 3, 2) exactly (by hand: A x = b).
rhs mmb '%%MatrixMarket matrix array real general\n% b = ones\n4 1\n1\n1\n1\n1\n'
run --config "$dir/mmb.cfg" --set output.solution="$dir/x.mtx"
[ $code -eq 0 ] && head -2 "$dir/x.mtx" | tr '\n' ' ' | grep -qx '%%MatrixMarket matrix array real general 4 1 ' &&
  awk 'NR > 2 { d = $1 - (NR == 3 || NR == 6 ? 2 : 3); e += d < 0 ? -d : d; n++ } END { exit !(n == 4 && e < 1e-9) }' \
    "$dir/x.mtx"
verdict "solution written, b as a Matrix Market array" $? "$(tail -1 "$dir/out"): $(tail -4 "$dir/x.mtx" | tr '\n' ' ')"
# tri4 as a dense symmetric array (the lower triangle, column by column): the same x.
printf '%%%%MatrixMarket matrix array real symmetric\n4 4\n2\n-1\n0\n0\n2\n-1\n0\n2\n-1\n2\n' >"$dir/tri4arr.mtx"
run --config "$dir/mmb.cfg" --set problem.file="$dir/tri4arr.mtx" --set output.solution="$dir/xarr.mtx"
[ $code -eq 0 ] && grep -q "tri4arr.mtx: 4 rows, 10 nonzeros" "$dir/out" &&
  awk 'NR > 2 { d = $1 - (NR == 3 || NR == 6 ? 2 : 3); e += d < 0 ? -d : d; n++ } END { exit !(n == 4 && e < 1e-9) }' \
    "$dir/xarr.mtx"
verdict "the matrix as a Matrix Market array" $? "$(tail -1 "$dir/out"): $(tail -4 "$dir/xarr.mtx" | tr '\n' ' ')"
# The matrix from a FIFO whose writer starts a second later: a notice that amg_solve waits, then the solve.
mkfifo "$dir/tri4fifo.mtx"
(sleep 1; timeout 60 sh -c 'cat "$1" >"$2"' _ "$dir/tri4.mtx" "$dir/tri4fifo.mtx") & # its open inside timeout
run --config "$dir/mmb.cfg" --set problem.file="$dir/tri4fifo.mtx"
wait
[ $code -eq 0 ] && grep -qF "problem.file $dir/tri4fifo.mtx is a FIFO: waiting for a program to write to it" "$dir/err" &&
  grep -q "^converged after" "$dir/out"
verdict "matrix from a FIFO, its writer late" $? "$(head -1 "$dir/err")"
# The matrix from an anonymous pipe (process substitution: /dev/fd/N), which has its writer: no notice.
run --config "$dir/mmb.cfg" --set problem.file=<(cat "$dir/tri4.mtx")
[ $code -eq 0 ] && ! grep -q "FIFO" "$dir/err" && grep -q "^converged after" "$dir/out"
verdict "matrix from an anonymous pipe: no notice" $? "$(head -1 "$dir/err")$(grep -m1 '^converged' "$dir/out")"
# The matrix and the config from a FIFO that amg_solve holds open (as stdin or as descriptor 3),
# whose writer has finished before amg_solve starts: read with no notice. A plain open of the FIFO
# again, by any name, waited for a new writer that never came.
mkfifo "$dir/held"
for name in /dev/stdin "$dir/held" /dev/fd/3 config output; do
  if [ "$name" = config ]; then good >"$dir/held" & else cat "$dir/tri4.mtx" >"$dir/held" & fi
  exec 3<"$dir/held" # the open returns once the writer has opened its end
  wait $!
  case $name in
    config) run --config /dev/stdin <&3 ;;
    /dev/fd/3) run --config "$dir/mmb.cfg" --set problem.file=/dev/fd/3 </dev/null ;;
    output) run --config "$dir/mmb.cfg" --set output.solution="$dir/held" <&3 ;;
    *) run --config "$dir/mmb.cfg" --set problem.file="$name" <&3 ;;
  esac
  exec 3<&-
  if [ "$name" = output ]; then # x would go into a pipe that only amg_solve reads
    [ $code -eq 1 ] && grep -qF "output.solution = \"$dir/held\" is a FIFO that amg_solve reads (its standard input)" "$dir/err"
    verdict "x into the FIFO amg_solve reads as stdin: refused" $? "$(head -1 "$dir/err")"
    continue
  fi
  [ $code -eq 0 ] && ! grep -q "FIFO" "$dir/err" && grep -q "^converged after" "$dir/out"
  verdict "$name from a held FIFO whose writer has finished" $? "$(head -1 "$dir/err")$(grep -m1 '^converged' "$dir/out")"
done
# A FIFO held only by a descriptor that amg_solve inherits but never reads (3), its first writer
# gone, named by its own name: amg_solve waits for the next writer, as for any FIFO.
: >"$dir/held" &
exec 3<"$dir/held"
wait $!
(sleep 1; timeout 60 sh -c 'cat "$1" >"$2"' _ "$dir/tri4.mtx" "$dir/held") &
run --config "$dir/mmb.cfg" --set problem.file="$dir/held"
wait
exec 3<&-
[ $code -eq 0 ] && grep -qF "is a FIFO: waiting for a program to write to it" "$dir/err" && grep -q "^converged after" "$dir/out"
verdict "FIFO held by an unread descriptor, its writer late" $? "$(head -1 "$dir/err")"
# x into a FIFO held for writing (/dev/fd/4), whose reader has gone: refused before the solve (the
# open that waited for a reader hung).
(exec 4<"$dir/held"; sleep 1) & # a reader that leaves after a second
exec 4>"$dir/held"
wait $!
run --config "$dir/mmb.cfg" --set output.solution=/dev/fd/4
exec 4>&-
[ $code -eq 1 ] && grep -qF "output.solution = \"/dev/fd/4\" cannot be written (/dev/fd/4: no program reads the FIFO any more)" \
  "$dir/err" && ! grep -q "^converged" "$dir/out"
verdict "x into a FIFO whose reader has gone: refused" $? "$(head -1 "$dir/err")"
# The matrix from a pipe as stdin that its writer set non-blocking, written a second late: read as a
# new, blocking open file description (a copy of the descriptor shared O_NONBLOCK: EAGAIN).
(sleep 1; cat "$dir/tri4.mtx") | timeout 60 python3 -c 'import fcntl, os, sys
fcntl.fcntl(0, fcntl.F_SETFL, fcntl.fcntl(0, fcntl.F_GETFL) | os.O_NONBLOCK)
os.execv(sys.argv[1], sys.argv[1:])' "$solve" --backend cpu --config "$dir/mmb.cfg" --set problem.file=/dev/stdin \
  >"$dir/out" 2>"$dir/err"
code=$?
[ $code -eq 0 ] && grep -q "^converged after" "$dir/out"
verdict "matrix from a non-blocking stdin pipe" $? "$(head -1 "$dir/err")$(grep -m1 '^converged' "$dir/out")"
# One pipe named by two inputs, or by an input and --config: refused before any read. The second
# read found the pipe empty, or (a FIFO opened again) waited for good for a writer that had finished.
expect "b and x0 from one FIFO" 1 "problem.rhs_file = \"$dir/held\" and problem.x0_file = \"$dir/./held\" are one pipe, which can be read once" \
  -- --config "$dir/mmb.cfg" --set problem.rhs_file="$dir/held" --set problem.x0_file="$dir/./held"
expect "b and x0 from one stdin pipe" 1 "problem.rhs_file = \"/dev/stdin\" and problem.x0_file = \"/dev/fd/0\" are one pipe" \
  -- --config "$dir/mmb.cfg" --set problem.rhs_file=/dev/stdin --set problem.x0_file=/dev/fd/0 < <(cat "$dir/mmb.txt")
expect "config and matrix from one stdin pipe" 1 "problem.file = \"/dev/stdin\" is the pipe the configuration /dev/stdin was read from" \
  -- --config /dev/stdin < <(sed 's|tri4.mtx|/dev/stdin|' "$dir/mmb.cfg")
# x into the FIFO the config was read from (by its name), for the next reader: allowed, as for any FIFO;
# nothing is overwritten.
mkfifo "$dir/cfgfifo"
(cat "$dir/mmb.cfg" >"$dir/cfgfifo"; timeout 60 cat "$dir/cfgfifo" >"$dir/cfgfifo.out") &
run --config "$dir/cfgfifo" --set output.solution="$dir/cfgfifo"
wait
[ $code -eq 0 ] && head -1 "$dir/cfgfifo.out" | grep -qx '%%MatrixMarket matrix array real general'
verdict "x into the FIFO the config came from" $? "$(tail -1 "$dir/err")"
# An @include name that an included file leaves open and the config closes, naming a FIFO: refused (it
# once hung in libconfig's open, waiting for a writer).
mkfifo "$dir/incfifo"
printf '@include "incfi' >"$dir/splitname.cfg"
{ printf '@include "splitname.cfg"fo" # "\n'; cat "$dir/mmb.cfg"; } >"$dir/splitfifo.cfg"
expect "an @include name split over two files, naming a FIFO" 1 \
  "$dir/splitname.cfg:1: cannot open include file, in: @include \"incfi ($dir/incfifo: not a regular file)" \
  -- --config "$dir/splitfifo.cfg"
# A control character quoted in a message (an escape sequence in an @include name) reaches no terminal.
printf '@include "a\033[31mb.cfg"\n' >"$dir/esc.cfg"
expect "an escape sequence in a message, shown as \\x1b" 1 'in: @include "a\x1b[31mb.cfg"' -- --config "$dir/esc.cfg"
run --config "$dir/esc.cfg"
! grep -q "$(printf '\033')" "$dir/err"
verdict "no raw escape byte on stderr" $? "$(head -1 "$dir/err")"
# The same two inputs from a regular file as stdin: each open reads it from its start (x0 = b).
run --config "$dir/mmb.cfg" --set problem.rhs_file=/dev/stdin --set problem.x0_file=/dev/stdin <"$dir/mmb.txt"
[ $code -eq 0 ] && grep -q "^converged after" "$dir/out"
verdict "b and x0 from one regular file as stdin" $? "$(head -1 "$dir/err")$(grep -m1 '^converged' "$dir/out")"
# x into a FIFO whose reader starts a second later: a notice that amg_solve waits, then x read whole.
mkfifo "$dir/xfifo.mtx"
(sleep 1; timeout 60 sh -c 'cat "$1" >"$2"' _ "$dir/xfifo.mtx" "$dir/xfifo.out") &
run --config "$dir/mmb.cfg" --set output.solution="$dir/xfifo.mtx"
wait
[ $code -eq 0 ] && grep -qF "output.solution $dir/xfifo.mtx is a FIFO: waiting for a program to read it" "$dir/err" &&
  cmp -s "$dir/xfifo.out" "$dir/x.mtx"
verdict "x into a FIFO, its reader late" $? "$(head -1 "$dir/err")"
cp "$dir/x.mtx" "$dir/mmb.txt" # the written x reads back as a right-hand side
run --config "$dir/mmb.cfg"
verdict "a written solution read as b" $code "$(grep -m1 'converged after' "$dir/out")"
run --config "$src/configs/poisson2d_5pt_small.cfg" --set output.verbose=false --set solver.max_iter=1 \
  --set output.solution="$dir/x1.mtx"
[ $code -eq 3 ] && grep -q "solution (not converged) written to" "$dir/out" && [ "$(wc -l <"$dir/x1.mtx")" -gt 2 ]
verdict "solution of a solve out of iterations (exit 3)" $? "$(grep -m1 solution "$dir/out")"
# problem.x0_file: the initial guess. A converged x needs no iteration; 3 iterations' x needs fewer than zero.
small=(--config "$src/configs/poisson2d_5pt_small.cfg" --set output.verbose=false)
run "${small[@]}" --set output.solution="$dir/xs.mtx"
zero_its=$(sed -n 's/^converged after \([0-9]*\) iterations.*/\1/p' "$dir/out")
run "${small[@]}" --set problem.x0_file="$dir/xs.mtx"
[ $code -eq 0 ] && grep -q '^converged after 0 iterations' "$dir/out"
verdict "a converged x as x0: 0 iterations" $? "$(grep -m1 'converged after' "$dir/out")"
run "${small[@]}" --set solver.max_iter=3 --set output.solution="$dir/x3.mtx"
run "${small[@]}" --set problem.x0_file="$dir/x3.mtx"
warm_its=$(sed -n 's/^converged after \([0-9]*\) iterations.*/\1/p' "$dir/out")
[ $code -eq 0 ] && [ -n "$zero_its" ] && [ -n "$warm_its" ] && [ "$warm_its" -lt "$zero_its" ] && [ "$warm_its" -gt 0 ]
verdict "3 iterations' x as x0" $? "$warm_its iterations, from zero $zero_its"
run "${small[@]}" --set problem.x0_file="$dir/x3.mtx" --set output.solution="$dir/xw.mtx" \
  --set output.report="$dir/guess.json"
python3 - "$dir/guess.json" "$dir/x3.mtx" "$dir/xw.mtx" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["initial_guess"] == sys.argv[2] and r["solution_file"] == sys.argv[3], (r["initial_guess"], r["solution_file"])
assert 1e-8 < r["residual_history"][0] < 1, r["residual_history"][0]  # ||b - A x0||/||b|| of 3 iterations' x
PY
verdict "the report names x0 and the solution file; history[0] is x0's residual" $? "$(grep -m1 'converged after' "$dir/out")"
expect "x0 of the wrong size" 1 "initial guess: $dir/x3.mtx:2: the vector has" -- --config "$dir/mmb.cfg" \
  --set problem.x0_file="$dir/x3.mtx"
expect "x0 file missing" 1 "initial guess: $dir/none.mtx: cannot open" -- --config "$dir/mmb.cfg" \
  --set problem.x0_file="$dir/none.mtx"
# An output that cannot be written is refused before the setup: a missing directory, a directory,
# a read-only directory (not for root, whom access() lets write anywhere).
expect "solution in a missing directory" 1 \
  "output.solution = \"$dir/no_such_dir/x.mtx\" cannot be written ($dir/no_such_dir: No such file or directory)" -- \
  --config "$dir/mmb.cfg" --set output.solution="$dir/no_such_dir/x.mtx"
expect "report is a directory" 1 "output.report = \"$dir\" cannot be written ($dir: Is a directory)" -- \
  --config "$dir/mmb.cfg" --set output.report="$dir"
if [ "$(id -u)" -ne 0 ]; then
  mkdir "$dir/ro"; chmod 555 "$dir/ro"
  expect "solution in a read-only directory" 1 "cannot be written ($dir/ro: Permission denied)" -- \
    --config "$dir/mmb.cfg" --set output.solution="$dir/ro/x.mtx"
else
  echo "note solution in a read-only directory: not checked as root (access() grants root every write)"
fi
# Out of iterations, then x not writable (a full device): exit 3; the report keeps the solve's status and message.
run "${small[@]}" --set solver.max_iter=1 --set output.solution=/dev/full \
  --set output.report="$dir/unwritten.json"
[ $code -eq 3 ] && grep -q "/dev/full: write failed" "$dir/err" &&
  python3 - "$dir/unwritten.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["status"] == "AMG_ERR_NOT_CONVERGED" and r["message"].startswith("PCG did not reach"), r["message"]
assert r["solution_file"] == "", r["solution_file"]
PY
verdict "x not writable after a solve out of iterations: the report keeps the solve's message" $? \
  "$(grep -m1 'write failed' "$dir/err")"
# The report on a full device: exit 1, with the reason.
expect "report on a full device" 1 "/dev/full: writing the report failed: No space left on device" -- \
  "${small[@]}" --set output.report=/dev/full
# x and the report cut short by a file size limit of 1 KiB (amg_solve ignores SIGXFSZ, so a write past it
# fails with EFBIG): exit 1, each named, and neither partial file left. stdout and stderr go through a pipe,
# which the limit does not cover.
printf '%s\n' '(ulimit -f 1; exec "$@" 2>&1) | cat' 'exit "${PIPESTATUS[0]}"' >"$dir/limited.sh"
bash "$dir/limited.sh" "$solve" --backend cpu "${small[@]}" --set output.solution="$dir/cut.mtx" \
  --set output.report="$dir/cut.json" >"$dir/out" 2>"$dir/err"
code=$?
[ $code -eq 1 ] && grep -q "cut.mtx: write failed: .*; the partial file was removed" "$dir/out" &&
  grep -q "cut.json: writing the report failed: .*; the partial file was removed" "$dir/out" &&
  [ ! -e "$dir/cut.mtx" ] && [ ! -e "$dir/cut.json" ]
verdict "x and the report cut short by a file size limit: both partial files removed" $? \
  "$(grep -m1 'cut.mtx' "$dir/out")"
# x to /dev/stdout where stdout is a file: refused (opened with "w" it would be emptied under the tables).
timeout 60 "$solve" --backend cpu "${small[@]}" --set output.solution=/dev/stdout >"$dir/stdout_file" 2>"$dir/err"
code=$?
[ $code -eq 1 ] && grep -qF 'output.solution = "/dev/stdout" is the file that standard output is written to' "$dir/err"
verdict "x to /dev/stdout redirected to a file: refused" $? "$(head -1 "$dir/err")"
# A configuration that never ends or is binary: refused at once, not read until memory runs out.
expect "config from /dev/zero" 1 "/dev/zero:1: NUL byte (not a text file)" -- --config /dev/zero
expect "config from an endless pipe" 1 "more than 16 MiB: not a configuration file" -- --config <(yes)
# output.solution naming an input (another path to the same file) or the report: refused, nothing written.
cp "$dir/tri4.mtx" "$dir/clash.mtx"
expect "output.solution = problem.file" 1 \
  "output.solution = \"$dir/./clash.mtx\" is the same file as problem.file = \"$dir/clash.mtx\"" -- \
  --config "$dir/mmb.cfg" --set problem.file="$dir/clash.mtx" --set output.solution="$dir/./clash.mtx"
cmp -s "$dir/tri4.mtx" "$dir/clash.mtx"
verdict "the matrix file is left as it was" $? "$(head -2 "$dir/clash.mtx" | tr '\n' ' ')"
expect "output.solution = output.report" 1 \
  "output.solution = \"$dir/same\" is the same file as output.report = \"$dir/same\"" -- \
  --config "$dir/mmb.cfg" --set output.solution="$dir/same" --set output.report="$dir/same"
# The configuration file, or a file it @includes, is an input too: never overwritten.
printf '@include "mmb.cfg"\n' >"$dir/top.cfg"; cp "$dir/top.cfg" "$dir/top.keep"; cp "$dir/mmb.cfg" "$dir/mmb.keep"
expect "output.report = the config file" 1 \
  "output.report = \"$dir/top.cfg\" is the configuration file $dir/top.cfg" -- \
  --config "$dir/top.cfg" --set output.report="$dir/top.cfg"
expect "output.solution = an @included file" 1 \
  "output.solution = \"$dir/./mmb.cfg\" is the configuration file $dir/mmb.cfg" -- \
  --config "$dir/top.cfg" --set output.solution="$dir/./mmb.cfg"
cmp -s "$dir/top.cfg" "$dir/top.keep" && cmp -s "$dir/mmb.cfg" "$dir/mmb.keep"
verdict "the configuration files are left as they were" $? "$(head -1 "$dir/top.cfg")"
# A data file set where the problem reads none: refused, since another system would be solved.
expect "problem.file with type poisson" 1 \
  "mmb.cfg:1 (problem.file): problem.file = \"$dir/tri4.mtx\" is set, but problem.type = \"poisson\" does not read it" -- \
  --config "$dir/mmb.cfg" --set problem.type=poisson
expect "problem.rhs_file with rhs ones" 1 \
  "mmb.cfg:1 (problem.rhs_file): problem.rhs_file = \"$dir/mmb.txt\" is set, but problem.rhs = \"ones\" does not read it" -- \
  --config "$dir/mmb.cfg" --set problem.rhs=ones
# Keys the problem does not use otherwise: a notice naming them, and the solve goes on.
run --config "$dir/mmb.cfg" --set problem.n=9 --set problem.rhs_seed=3
[ $code -eq 0 ] && grep -qxF "amg_solve: not used by this problem, ignored: problem.n (--set problem.n=9), problem.rhs_seed (--set problem.rhs_seed=3)" "$dir/err"
verdict "unused keys named on stderr" $? "$(head -1 "$dir/err")"
run --config "$dir/indefinite.cfg" --set output.solution="$dir/x2.mtx"
[ $code -eq 2 ] && [ ! -e "$dir/x2.mtx" ]
verdict "no solution file after a failed setup (exit 2)" $? "$(head -1 "$dir/err")"
rhs tiny '1e-170\n2e-170\n3e-170\n4e-170\n' # ||b||^2 underflows; the library rescales b
run --config "$dir/tiny.cfg"
[ $code -eq 0 ] && grep -qE "^converged after .* true relative residual [0-9.]+e-(09|1[0-9])$" "$dir/out"
verdict "b of 1e-170" $? "$(grep -m1 'converged after' "$dir/out")"
# The matrix through a pipe: it is read in one pass.
mkfifo "$dir/pipe.mtx"
cat "$dir/tri4.mtx" >"$dir/pipe.mtx" &
writer=$!
printf 'problem: { type = "matrix_market"; file = "pipe.mtx"; };\noutput: { verbose = false; };\n' >"$dir/pipe.cfg"
run --config "$dir/pipe.cfg"
[ $code -eq 0 ]
status=$?
kill $writer 2>/dev/null # still blocked if amg_solve never opened the pipe
verdict "matrix from a pipe" $status "$(grep -m1 'converged after' "$dir/out")"
# b as a 4 x 1 coordinate matrix through a pipe: read in the pass that found its banner (a second
# open of the pipe waited for a writer that never came).
mkfifo "$dir/pipe_b.mtx"
printf '%%%%MatrixMarket matrix coordinate real general\n4 1 4\n1 1 1\n2 1 1\n3 1 1\n4 1 1\n' >"$dir/pipe_b.mtx" &
writer=$!
printf 'problem: { type = "matrix_market"; file = "tri4.mtx"; rhs = "file"; rhs_file = "pipe_b.mtx"; };\n%s\n' \
  'output: { verbose = false; };' >"$dir/pipe_b.cfg"
run --config "$dir/pipe_b.cfg"
[ $code -eq 0 ]
status=$?
kill $writer 2>/dev/null
verdict "b as a coordinate matrix from a pipe" $status "$(grep -m1 'converged after' "$dir/out")"
expect "cusparse on the CPU, naming where it was set" 1 \
  "--set amg.spgemm=cusparse: amg.spgemm = cusparse needs the GPU, and the backend is cpu" -- \
  --config "$dir/tiny.cfg" --set amg.spgemm=cusparse
run --config "$dir/tiny.cfg" --compare-orders cusparse
[ $code -eq 1 ] && grep -qF -- "--compare-orders cusparse needs the GPU, and the backend is cpu" "$dir/err" &&
  ! grep -q Hierarchy "$dir/out"
verdict "--compare-orders cusparse on the CPU: exit 1 before any setup" $? "$(head -1 "$dir/err")"
# --backend gpu where there is none: exit 2, with everything freed (a sanitizer build checks the leaks).
timeout 120 "$solve" --config "$dir/tiny.cfg" >"$dir/out" 2>"$dir/err"
if grep -qE "no GPU found|no CUDA backend" "$dir/err"; then
  BACKEND=gpu expect "--backend gpu without a GPU" 2 "GPU initialisation: no GPU is available" -- \
    --config "$dir/tiny.cfg"
fi
sets=(); for k in $(seq 65); do sets+=(--set solver.max_iter=$k); done
expect "65 --set options" 1 "more than 64 --set options" -- --config "$dir/tiny.cfg" "${sets[@]}"
expect "--config twice" 1 "--config given twice" -- --config "$dir/tiny.cfg" --config "$dir/tiny.cfg"
expect "bad --repeat" 1 "--repeat takes a count in 1..1000, not '0'" -- --config "$dir/unknown.cfg" --repeat 0

# --repeat: the timing summary of the extra runs (each must take the same iterations).
run --config "$src/configs/poisson2d_5pt_small.cfg" --set output.verbose=false --repeat 3
[ $code -eq 0 ] && [ "$(grep -cE '^  (setup|solve|setup \+ solve) +median' "$dir/out")" -eq 3 ] &&
  grep -q "Times over 3 repeats" "$dir/out"
verdict "--repeat 3" $? "$(grep -E '^  setup \+ solve' "$dir/out")"

# --repeat follows a solve that succeeded only; with output.solution, x is written first.
run --config "$src/configs/poisson2d_5pt_small.cfg" --set output.verbose=false --repeat 2 --set solver.max_iter=1
[ $code -eq 3 ] && ! grep -q "Times over" "$dir/out" && ! grep -q -- "(--repeat)" "$dir/err"
verdict "--repeat after a solve out of iterations: none (exit 3)" $? "$(tail -1 "$dir/err")"
run --config "$src/configs/poisson2d_5pt_small.cfg" --set output.verbose=false --repeat 2 \
  --set output.solution="$dir/xr.mtx"
[ $code -eq 0 ] && grep -q "Times over 2 repeats" "$dir/out" && grep -q "solution written to" "$dir/out"
verdict "--repeat 2 with output.solution" $? "$(grep -m1 'solution written' "$dir/out")"

# --compare-orders --repeat: a row per coarsened level and a sum, both orders, medians of 2 setups.
run --config "$src/configs/poisson2d_5pt_small.cfg" --set output.verbose=false --compare-orders --repeat 2
[ $code -eq 0 ] && grep -q "median of 2 setups per column" "$dir/out" &&
  [ "$(grep -cE '^ +([0-9]+|sum) \|.*\|' "$dir/out")" -ge 2 ] && grep -q "tile (P^T A)P" "$dir/out"
verdict "--compare-orders --repeat 2" $? "$(grep -E '^ +sum' "$dir/out")"
# --compare-orders solves nothing: one notice names the settings it ignores (those set), nothing is written,
# and an output that could not be written (a missing directory) is not refused either.
run --config "$src/configs/poisson2d_5pt_small.cfg" --set output.verbose=false --compare-orders \
  --set output.report="$dir/cmp.json" --set output.solution="$dir/nodir/cmp.mtx" --set problem.x0_file="$dir/none.mtx"
[ $code -eq 0 ] && [ ! -e "$dir/cmp.json" ] && [ ! -e "$dir/nodir" ] && grep -qxF -- \
  "amg_solve: --compare-orders solves nothing; ignoring output.report, output.solution, problem.x0_file" "$dir/err"
verdict "--compare-orders names what it ignores" $? "$(head -1 "$dir/err")"
# b and x0 from one stdin pipe: refused for a solve (above), ignored by --compare-orders, which reads neither.
run --config "$dir/mmb.cfg" --compare-orders --set problem.rhs_file=/dev/stdin --set problem.x0_file=/dev/stdin \
  < <(cat "$dir/mmb.txt")
[ $code -eq 0 ] && grep -qxF -- "amg_solve: --compare-orders solves nothing; ignoring problem.rhs_file, problem.x0_file" \
  "$dir/err"
verdict "--compare-orders ignores b and x0 from one pipe" $? "$(head -1 "$dir/err")"

# A long history: 50 rows at each end on stdout, all 151 in the JSON report (a slow smoother, 150 V-cycles).
printf 'problem: { type = "poisson"; stencil = 5; n = 64; };\nsolver: { type = "stationary"; max_iter = 150; };\n' \
  >"$dir/long.cfg"
printf 'cycle: { jacobi_omega = 0.05; };\noutput: { verbose = false; report = "%s"; };\n' "$dir/long.json" >>"$dir/long.cfg"
run --config "$dir/long.cfg"
rows=$(grep -cE '^ +[0-9]+ +[0-9.]+e[-+][0-9]+' "$dir/out")
listed=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['residual_history']))" "$dir/long.json")
[ $code -eq 3 ] && [ "$rows" -eq 100 ] && grep -q "51 rows left out" "$dir/out" && [ "$listed" = 151 ]
verdict "long history (exit 3)" $? "$rows rows printed (want 100), $listed in the report (want 151)"

# A file name that is not UTF-8 (Latin-1 e9, a cut sequence, an overlong '/', a surrogate) beside valid
# UTF-8: the report is still valid JSON, each stray byte U+FFFD, the valid sequences as they were.
name=$(printf 'lat\351-\303\251-\342\202x-\300\257-\355\240\200-\360\237\230\200')
cp "$dir/tri4.mtx" "$dir/$name.mtx"
printf 'problem: { type = "matrix_market"; file = "%s.mtx"; };\noutput: { verbose = false; report = "%s"; };\n' \
  "$name" "$dir/latin.json" >"$dir/latin.cfg"
run --config "$dir/latin.cfg"
[ $code -eq 0 ] && python3 - "$dir/latin.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1], encoding="utf-8"))
want = "lat\ufffd-\u00e9-\ufffd\ufffdx-\ufffd\ufffd-\ufffd\ufffd\ufffd-\U0001f600.mtx"
assert r["problem"].endswith(want), ascii(r["problem"])
PY
verdict "a file name that is not UTF-8 in the JSON report" $? "$(grep -m1 'converged after' "$dir/out")"

# A good run with a JSON report.
run --config "$src/configs/poisson2d_5pt_small.cfg" --set output.report="$dir/report.json" --set output.verbose=false
[ $code -eq 0 ] && ! grep -q "entries per tile" "$dir/out"
verdict "good run, no note on the ordering" $? "$(grep -m1 'converged after' "$dir/out")"

# The 64 x 64 5-point grid, its rows shuffled: about one entry per tile, and the hierarchy table says
# why the setup is slow.
awk -v n=64 -f "$src/tests/shuffled_grid.awk" >"$dir/shuffled.mtx"
printf 'problem: { type = "matrix_market"; file = "shuffled.mtx"; };\noutput: { verbose = false; };\n' >"$dir/shuffled.cfg"
run --config "$dir/shuffled.cfg"
[ $code -eq 0 ] && grep -q "note: level 0 holds 1.[0-9] entries per tile" "$dir/out"
verdict "a grid numbered without locality: the note on the ordering" $? "$(grep -m1 'note:' "$dir/out")"
# problem.reorder = "rcm", with b and x0 from files (values that depend on the row): no note; the x
# written (in the file's numbering) solves the file's system, and the first residual, which x0 sets,
# is the one without reorder.
awk 'BEGIN { for (i = 0; i < 4096; i++) print (i * 7919) % 1000 / 500 - 1 }' >"$dir/shuffled_b.txt"
awk 'BEGIN { for (i = 0; i < 4096; i++) print (i * 104729) % 1000 / 1000 }' >"$dir/shuffled_x0.txt"
files=(--set problem.rhs='"file"' --set problem.rhs_file="$dir/shuffled_b.txt" --set problem.x0_file="$dir/shuffled_x0.txt")
run --config "$dir/shuffled.cfg" "${files[@]}"
first=$(grep -m1 -E '^ +0  [0-9][.][0-9]+e[-+][0-9]+$' "$dir/out")
run --config "$dir/shuffled.cfg" "${files[@]}" --set problem.reorder='"rcm"' --set output.solution="$dir/xr.mtx"
[ $code -eq 0 ] && ! grep -q "entries per tile" "$dir/out" && grep -q "renumbered by reverse Cuthill-McKee" "$dir/out" &&
  [ -n "$first" ] && [ "$(grep -m1 -E '^ +0  [0-9][.][0-9]+e[-+][0-9]+$' "$dir/out")" = "$first" ] &&
  awk 'FNR == 1 { file++ } /^%/ { next }
       file == 1 { b[FNR] = $1; next }
       file == 2 && !sized++ { next } file == 2 { x[++nx] = $1; next }
       file == 3 && !seen++ { n = $1; for (i = 1; i <= n; i++) r[i] = b[i]; next }
       file == 3 { r[$1] -= $3 * x[$2] }
       END { for (i = 1; i <= n; i++) { s += r[i] * r[i]; t += b[i] * b[i] }; rel = sqrt(s / t)
             print "file-order residual " rel; exit !(nx == n && rel < 1e-7) }' \
    "$dir/shuffled_b.txt" "$dir/xr.mtx" "$dir/shuffled.mtx" >"$dir/resid"
verdict "problem.reorder = rcm: b, x0 and x in the file's numbering" $? "$first; $(cat "$dir/resid" 2>/dev/null)"
# An error that names a row names the file's row too.
awk 'NR <= 2 { print; next } { if ($1 == 100 && $2 == 100) $3 = -4; print }' "$dir/shuffled.mtx" >"$dir/shuffled_neg.mtx"
printf 'problem: { type = "matrix_market"; file = "shuffled_neg.mtx"; reorder = "rcm"; };\n' >"$dir/shuffled_neg.cfg"
expect "problem.reorder = rcm: a bad row named in the file's numbering" 2 "; the file's 100): diagonal entry is -4" \
  -- --config "$dir/shuffled_neg.cfg"
# A coarse level's rows are aggregates, not the file's rows: no mapping there (diagonal 1: A is indefinite).
awk 'NR <= 2 { print; next } $1 == $2 { $3 = 1 } { print }' "$dir/shuffled.mtx" >"$dir/shuffled_ind.mtx"
printf 'problem: { type = "matrix_market"; file = "shuffled_ind.mtx"; reorder = "rcm"; };\n' >"$dir/shuffled_ind.cfg"
run --config "$dir/shuffled_ind.cfg"
[ $code -eq 2 ] && grep -q "setup: level [1-9][0-9]*: row .*(1-based [0-9]*)" "$dir/err" && ! grep -q "the file's" "$dir/err"
verdict "problem.reorder = rcm: a coarse level's row is not mapped" $? "$(tail -1 "$dir/err" | cut -c1-120)"
# The same with a(381, 2748) = -2 (a(2748, 381) stays -1): the note on A's asymmetry names an entry of
# level 0 in the file's numbering too, after a coarse level's message.
awk 'NR <= 2 { print; next } $1 == 381 && $2 == 2748 { $3 = -2 } $1 == $2 { $3 = 1 } { print }' \
  "$dir/shuffled.mtx" >"$dir/shuffled_asym.mtx"
sed 's/shuffled_ind/shuffled_asym/' "$dir/shuffled_ind.cfg" >"$dir/shuffled_asym.cfg"
run --config "$dir/shuffled_asym.cfg"
[ $code -eq 2 ] && grep -q "setup: level [1-9][0-9]*: .*(note: A is not symmetric: A([0-9]*, [0-9]*) (1-based [0-9]*, \
[0-9]*; the file's \(381, 2748) = -2, but A([0-9]*, [0-9]*) = -1\|2748, 381) = -1, but A([0-9]*, [0-9]*) = -2\); " \
  "$dir/err"
verdict "problem.reorder = rcm: the note on asymmetry in the file's numbering" $? "$(tail -1 "$dir/err" | cut -c1-200)"
python3 - "$dir/report.json" <<'PY' || failures=$((failures + 1))
import json, sys
r = json.load(open(sys.argv[1]))
need = ["levels", "grid_complexity", "operator_complexity", "iterations", "relative_residual", "converged",
        "residual_history", "setup_ms", "solve_ms", "setup_stages_ms"]
missing = [k for k in need if k not in r]
assert not missing, "missing fields: %s" % missing
assert r["converged"] is True and r["relative_residual"] <= 1e-8, r["relative_residual"]
assert len(r["residual_history"]) == r["iterations"] + 1 and r["residual_history"][0] == 1.0
assert r["initial_guess"] == "" and r["solution_file"] == "", (r["initial_guess"], r["solution_file"])
assert r["reorder"] == "none", r["reorder"]
assert len(r["levels"]) >= 2 and r["levels"][0]["rows"] == 4096
for l in r["levels"][:-1]:
    for k in ["rows", "nnz", "tiles", "aggregates", "galerkin_ms", "galerkin_order", "strength_ms"]:
        assert k in l, (k, l)
for k in ["strength", "aggregation", "rho", "prolongator", "transpose", "galerkin", "galerkin_count",
          "coarse_factorisation"]:
    assert k in r["setup_stages_ms"], k
print("ok   JSON report: %d levels, %d iterations" % (len(r["levels"]), r["iterations"]))
PY
[ $failures -eq 0 ] && echo "amg_solve_cli: all checks passed" || echo "amg_solve_cli: $failures failure(s)"
exit $((failures > 0))
