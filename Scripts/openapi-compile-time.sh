#!/usr/bin/env bash
# Measures how long the generated client of an OpenAPI document takes to compile: debug and
# release `swift build` of a scratch package holding only that client plus a path dependency on
# this package's SpecwrightRuntime. The runtime is built first, so only the client is timed.
#   Scripts/openapi-compile-time.sh [document]   (default: twilio-api-v2010.yaml of the shared corpus)
#   CONFIGURATIONS="debug" Scripts/openapi-compile-time.sh   times only the debug build
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
"$bin" generate "$document" --output "$work/Sources/GeneratedClient" -q 2>/dev/null
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
for configuration in ${CONFIGURATIONS:-debug release}; do
  (cd "$work" && swift build -c "$configuration" --target SpecwrightRuntime >/dev/null 2>&1)
  rm -rf "$work/.build/$configuration/GeneratedClient.build"
  start=$(date +%s.%N)
  (cd "$work" && /usr/bin/time -f "%M" -o "$work/rss" swift build -c "$configuration" --target GeneratedClient >"$work/build.log" 2>&1) \
    || { cat "$work/build.log" >&2; exit 1; }
  end=$(date +%s.%N)
  printf '%s: %.1f s wall, peak RSS of swift-build %s KB\n' "$configuration" "$(echo "$end - $start" | bc)" "$(cat "$work/rss")"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
