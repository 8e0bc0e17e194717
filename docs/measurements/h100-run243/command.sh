#!/usr/bin/env bash
# Run 243: branch next/compact-one-pass after the slots fix (the slots follow the candidates one pass
# computes) against main (old, gpu_in/old): the SA hierarchy, 2 rounds alternating, with peak memory; the
# model's level 0-1, 1 round each; amg_solve on the four configs (--repeat 10) with both.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
t0=$SECONDS
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench amg_solve > /tmp/build_old.log 2>&1; echo "old build rc=$?") &
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build > "$F/checks_run.txt" 2>&1
wait; echo "builds $((SECONDS - t0)) s"; tail -1 "$F/checks_run.txt"
for round in 1 2; do for v in gpu old; do
  timeout 80 build-$v/apps/spgemm_bench --hierarchy > "/tmp/h_${v}_$round.log" 2>&1
done; done
for f in /tmp/h_*.log; do echo "=== $f"; cat "$f"; done > "$F/hierarchy.log"
for v in gpu old; do timeout 80 build-$v/apps/spgemm_bench --levels 2 > "/tmp/m_${v}_1.log" 2>&1; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do for v in gpu old; do echo "=== $v $c"; timeout 60 build-$v/apps/amg_solve --config configs/$c.cfg --repeat 10; done; done > "$F/solve.log" 2>&1
echo "runs done $((SECONDS - t0)) s"
summ() { awk -v pre="$2" -v rounds="$3" '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {split("gpu old",vs," "); for(i=1;i<=n;i++){k=order[i]; s=sprintf("%-28s", k); for(r=1;r<=rounds;r++){for(j=1;j<=2;j++) s=s" "t[k,"/tmp/"pre"_"vs[j]"_"r".log"]; s=s" |"} print s" "c[k]}}' "$1"; }
echo "== SA hierarchy levels 0-1, tile ms, rounds 1-2: new old each | cusparse"
summ "$F/hierarchy.log" h 2 | grep -E " L[01] " | tee "$F/hierarchy_summary.txt"
echo "== SA peak device memory at levels 0-1, tile MiB then cuSPARSE MiB (new, round 1)"
awk '/^SA-[^ ]+ +[01] / && !/order/ {print $1, $2, $3, $4, $(NF-1), $NF}' /tmp/h_gpu_1.log
echo "== model levels 0-1, tile ms: new old | cusparse"
summ "$F/bench.log" m 1 | grep -v "A\^2"
grep -E "^=== |iterations|setup  +median" "$F/solve.log"
