#!/usr/bin/env bash
# Builds the libFuzzer target over the HTTP cache's decision code (Fuzz/CacheDecisionFuzzTarget.swift)
# with the runtime's Cache/ sources in one instrumented module (internal types visible), linked
# with the system SQLite. Used by Fuzz/run.sh.
#   Fuzz/build-cache-decision.sh OUT_DIR SWIFTC_FLAGS...
set -euo pipefail
cd "$(dirname "$0")/.."
out="$1"
shift
runtime=Sources/SpecwrightRuntime
mapfile -t sources < <(find "$runtime/Cache" -name '*.swift' ! -name 'HTTPCacheCallStage.swift' | sort)
swiftc "$@" -I Sources/CSQLite -module-name CacheDecisionFuzz \
    "${sources[@]}" "$runtime/Endpoint/HTTPHeader.swift" Fuzz/CacheDecisionFuzzTarget.swift \
    -lsqlite3 -o "$out/cache-decision-fuzz"
