#!/usr/bin/env bash
# Run 190: the final reread (one error check for a symmetric product's unsymmetric pattern, comments): ctest -L gpu on a fresh machine. (A first try on the warm machine had not compiled: a goto crossed the new flag's initialization.)
# Code: 02b9fdd (committed together with this record).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run190.sh, run from the repository root)
F=$OUT
rm -rf /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/checks_run.txt" 2>&1
cp /tmp/gc/tests.log "$F/" 2>/dev/null
tail -3 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8
