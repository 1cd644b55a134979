#!/usr/bin/env bash
# Builds the libFuzzer target over the HTTP cache's decision code (Fuzz/CacheDecisionFuzzTarget.swift)
# with the runtime's sources in one instrumented module (internal types visible), linked
# with SpecwrightDigest and SpecwrightPackageInfo (compiled first, instrumented too) and the system SQLite. Used by Fuzz/run.sh.
#   Fuzz/build-cache-decision.sh OUT_DIR SWIFTC_FLAGS...
set -euo pipefail
cd "$(dirname "$0")/.."
out="$1"
shift
runtime=Sources/SpecwrightRuntime
swiftc "$@" -module-name SpecwrightDigest -wmo -c -emit-module -emit-module-path "$out/SpecwrightDigest.swiftmodule" \
    Sources/SpecwrightDigest/*.swift -o "$out/SpecwrightDigest.o"
swiftc "$@" -module-name SpecwrightPackageInfo -wmo -c -emit-module -emit-module-path "$out/SpecwrightPackageInfo.swiftmodule" \
    Sources/SpecwrightPackageInfo/*.swift -o "$out/SpecwrightPackageInfo.o"
# The whole runtime, so the cache code's dependencies (options, policies, the batch store) follow it.
mapfile -t sources < <(find "$runtime" -name '*.swift' | sort)
swiftc "$@" -I "$out" -I Sources/CSQLite -module-name CacheDecisionFuzz \
    "${sources[@]}" Fuzz/CacheDecisionFuzzTarget.swift "$out/SpecwrightDigest.o" "$out/SpecwrightPackageInfo.o" \
    -lsqlite3 -o "$out/cache-decision-fuzz"
