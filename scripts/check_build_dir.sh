#!/usr/bin/env bash
# Refuses a build/ configured for another source tree (a copied or moved
# checkout): building it would compile and run that tree's sources.
set -euo pipefail
cd "$(dirname "$0")/.."
cache=build/CMakeCache.txt
[ -f "$cache" ] || exit 0
home=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$cache")
if [ -n "$home" ] && [ "$(cd "$home" 2>/dev/null && pwd -P)" != "$(pwd -P)" ]; then
  echo "build/ was configured for the sources in $home, not these ($(pwd -P)); remove build/ and run again" >&2
  exit 1
fi
