#!/usr/bin/env bash
# Compile time of two generated clients side by side on a shared machine: each debug compile job
# (emit-module, then one job per file, as SwiftPM runs them: -Onone -g -enable-testing) of client A
# and of client B run at the same time, A on core 0 and B on core 1, swapped every round, so both
# see the same load; prints the CPU seconds (user+sys) of each job and each round's totals. On a
# 2-core VM whose neighbours come and go, one client's CPU time moves by ±15 % between runs; a pair
# run concurrently moves far less, so compare the ratio of many pairs, not single figures.
#   Scripts/compile-pairs.sh GENERATED_A MODULES_A GENERATED_B MODULES_B [ROUNDS]   (default 4)
# GENERATED_* hold the generated files of one client with the same file names (`specwright generate
# … --shards 1`: Client.swift, Endpoints.swift, Types.swift); MODULES_* the SpecwrightRuntime module
# each compiles against (`.build/debug/Modules` of the commit that generated it, after `swift build
# --target SpecwrightRuntime`).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
[ $# -ge 4 ] || { sed -n 2,13p "$0" >&2; exit 2; }
gen_a="$(cd "$1" && pwd)"; modules_a="$(cd "$2" && pwd)"; gen_b="$(cd "$3" && pwd)"; modules_b="$(cd "$4" && pwd)"
rounds="${5:-4}"
frontend="$(dirname "$(readlink -f "$(command -v swiftc)")")/swift-frontend"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

job() {   # generated modules core job out
  local generated=$1 modules=$2 core=$3 name=$4 out=$5
  local dir="$work/$core" files=("$1"/*.swift)
  rm -rf "$dir" && mkdir -p "$dir"
  local common=(-I "$modules" -Xcc -fmodule-map-file="$root/Sources/CSQLite/module.modulemap" -module-name GeneratedClient
    -swift-version 6 -Onone -g -enable-testing -parse-as-library)
  if [ "$name" = emit-module ]; then
    taskset -c "$core" /usr/bin/time -o "$dir/t" -f "%U %S" "$frontend" -frontend -emit-module "${files[@]}" "${common[@]}" \
      -emit-module-path "$dir/m.swiftmodule" >/dev/null 2>"$dir/err" || { tail -5 "$dir/err" >&2; exit 1; }
  else
    local others=()
    for other in "${files[@]}"; do [ "$(basename "$other" .swift)" = "$name" ] || others+=("$other"); done
    taskset -c "$core" /usr/bin/time -o "$dir/t" -f "%U %S" "$frontend" -frontend -c -primary-file "$generated/$name.swift" \
      "${others[@]}" "${common[@]}" -o "$dir/f.o" >/dev/null 2>"$dir/err" || { tail -5 "$dir/err" >&2; exit 1; }
  fi
  tail -1 "$dir/t" | awk '{print $1 + $2}' >"$out"
}

jobs=(emit-module)
for file in "$gen_a"/*.swift; do jobs+=("$(basename "$file" .swift)"); done
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) = 1 ]; then core_a=0 core_b=1; else core_a=1 core_b=0; fi
  total_a=0 total_b=0
  for name in "${jobs[@]}"; do
    job "$gen_a" "$modules_a" "$core_a" "$name" "$work/a" & job "$gen_b" "$modules_b" "$core_b" "$name" "$work/b" & wait
    a=$(cat "$work/a"); b=$(cat "$work/b")
    total_a=$(echo "$total_a + $a" | bc); total_b=$(echo "$total_b + $b" | bc)
    printf 'round %s load %s %-12s A %6.2f s  B %6.2f s\n' "$round" "$(cut -d' ' -f1 /proc/loadavg)" "$name" "$a" "$b"
  done
  printf 'round %s total          A %6.2f s  B %6.2f s  B/A %.3f\n' "$round" "$total_a" "$total_b" \
    "$(echo "$total_b / $total_a" | bc -l)"
done
