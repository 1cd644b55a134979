#!/usr/bin/env bash
# Measures how long the generated client of an OpenAPI document takes to compile: debug and
# release `swift build` of a scratch package holding only that client plus a path dependency on
# this package's SpecwrightRuntime. The runtime is built first, so only the client is timed.
#   Scripts/openapi-compile-time.sh [document]   (default: twilio-api-v2010.yaml of the shared corpus)
#   GENERATE_ARGS="--shards 1" …   passes arguments to `specwright generate` (here: one file per kind, comparable across commits)
#   CONFIGURATIONS="debug" Scripts/openapi-compile-time.sh   times only the debug build
#   PER_FILE=1 …   also runs each generated file's debug compile job alone (the frontend command
#                  SwiftPM runs: -Onone -g -enable-testing) and prints its CPU time, the figure that
#                  the load of a shared machine disturbs least
#   BREAKDOWN=1 … also runs each generated file's debug compile job with `-stats-output-dir` and
#                  with `-emit-ir` and prints (Scripts/compile-breakdown.py) its CPU time by compiler
#                  phase and its LLVM IR by kind of declaration
#   FLOOR=1 …      then times the client's declaration floor (Scripts/compile-floor.py): the same
#                  types, endpoint cases and client methods with no behaviour, a lower bound for
#                  any template change
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
document="${1:-}"
if [ -z "$document" ]; then
  for candidate in ../shared/data/openapi ../../shared/data/openapi; do
    if [ -f "$candidate/twilio-api-v2010.yaml" ]; then document="$candidate/twilio-api-v2010.yaml"; break; fi
  done
fi
[ -f "$document" ] || { echo "no document (pass one as the first argument)" >&2; exit 2; }

swift build --product specwright >/dev/null
bin="$(swift build --product specwright --show-bin-path)/specwright"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$bin" generate "$document" --output "$work/Sources/GeneratedClient" -q ${GENERATE_ARGS:-} 2>/dev/null
cat >"$work/Package.swift" <<PACKAGE
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "CompileTime",
    dependencies: [.package(name: "Specwright", path: "$root")],
    targets: [.target(name: "GeneratedClient", dependencies: [.product(name: "SpecwrightRuntime", package: "Specwright")])],
    swiftLanguageModes: [.v6])
PACKAGE
lines="$(cat "$work"/Sources/GeneratedClient/*.swift | wc -l)"
echo "document: $(basename "$document"), generated client: $lines lines"
time_builds() {   # $1: label printed before each figure
  for configuration in ${CONFIGURATIONS:-debug release}; do
    (cd "$work" && swift build -c "$configuration" --target SpecwrightRuntime >/dev/null 2>&1)
    rm -rf "$work/.build/$configuration/GeneratedClient.build" "$work/.build/$configuration/Modules/GeneratedClient".*
    touch "$work/Package.swift"   # SwiftPM replans (rewrites the output file map it just lost)
    start=$(date +%s.%N)
    (cd "$work" && /usr/bin/time -f "%M" -o "$work/rss" swift build -c "$configuration" --target GeneratedClient >"$work/build.log" 2>&1) \
      || { cat "$work/build.log" >&2; exit 1; }
    end=$(date +%s.%N)
    printf '%s%s: %.1f s wall, peak RSS of swift-build %s KB\n' "$1" "$configuration" "$(echo "$end - $start" | bc)" "$(cat "$work/rss")"
  done
}
time_builds ""
if [ -n "${PER_FILE:-}" ]; then
  (cd "$work" && swift build --target SpecwrightRuntime >/dev/null 2>&1)
  modules="$work/.build/debug/Modules"
  sources=("$work"/Sources/GeneratedClient/*.swift)
  for file in "${sources[@]}"; do
    others=()
    for other in "${sources[@]}"; do [ "$other" = "$file" ] || others+=("$other"); done
    rm -f "$work/file.o"   # an object with the same LLVM hash would let the frontend skip code generation
    /usr/bin/time -f "%U" -o "$work/cpu" swiftc -frontend -c -primary-file "$file" "${others[@]}" \
      -I "$modules" -Xcc -fmodule-map-file="$root/Sources/CSQLite/module.modulemap" -module-name GeneratedClient \
      -swift-version 6 -Onone -g -enable-testing -parse-as-library -o "$work/file.o" >/dev/null 2>&1
    printf '  %s: %s s CPU (debug compile job of this file alone)\n' "$(basename "$file")" "$(cat "$work/cpu")"
  done
fi
if [ -n "${BREAKDOWN:-}" ]; then
  (cd "$work" && swift build --target SpecwrightRuntime >/dev/null 2>&1)
  sources=("$work"/Sources/GeneratedClient/*.swift)
  for file in "${sources[@]}"; do
    others=()
    for other in "${sources[@]}"; do [ "$other" = "$file" ] || others+=("$other"); done
    rm -rf "$work/stats" "$work/file.o" && mkdir "$work/stats"
    job=(swiftc -frontend -primary-file "$file" "${others[@]}" -I "$work/.build/debug/Modules"
      -Xcc -fmodule-map-file="$root/Sources/CSQLite/module.modulemap" -module-name GeneratedClient
      -swift-version 6 -Onone -g -enable-testing -parse-as-library)
    "${job[@]}" -c -o "$work/file.o" -stats-output-dir "$work/stats" >/dev/null 2>&1
    "${job[@]}" -emit-ir -o "$work/file.ll" >/dev/null 2>&1
    echo "$(basename "$file"), debug compile job:"
    python3 Scripts/compile-breakdown.py "$work/stats" "$work/file.ll"
  done
fi
if [ -n "${FLOOR:-}" ]; then
  python3 Scripts/compile-floor.py "$work/Sources/GeneratedClient"
  echo "declaration floor, $(cat "$work"/Sources/GeneratedClient/*.swift | wc -l) lines (Scripts/compile-floor.py: same types, cases and methods, no behaviour):"
  time_builds "  floor "
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
