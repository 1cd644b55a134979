#!/usr/bin/env bash
# Builds the libFuzzer target over the HTTP cache's decision code (Fuzz/CacheDecisionFuzzTarget.swift)
# with the runtime's DataLayer/Cache/ sources in one instrumented module (internal types visible), linked
# with SpecwrightDigest (compiled first, instrumented too) and the system SQLite. Used by Fuzz/run.sh.
#   Fuzz/build-cache-decision.sh OUT_DIR SWIFTC_FLAGS...
set -euo pipefail
cd "$(dirname "$0")/.."
out="$1"
shift
runtime=Sources/SpecwrightRuntime
swiftc "$@" -module-name SpecwrightDigest -wmo -c -emit-module -emit-module-path "$out/SpecwrightDigest.swiftmodule" \
    Sources/SpecwrightDigest/*.swift -o "$out/SpecwrightDigest.o"
mapfile -t sources < <(find "$runtime/DataLayer/Cache" -name '*.swift' ! -name 'HTTPCacheCallStage.swift' | sort)
swiftc "$@" -I "$out" -I Sources/CSQLite -module-name CacheDecisionFuzz \
    "${sources[@]}" "$runtime/Endpoint/HTTPHeader.swift" "$runtime/Support/Locked.swift" Fuzz/CacheDecisionFuzzTarget.swift "$out/SpecwrightDigest.o" \
    -lsqlite3 -o "$out/cache-decision-fuzz"
