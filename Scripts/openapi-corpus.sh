#!/usr/bin/env bash
# Validates, generates and compiles (Swift 6 mode, against SpecwrightRuntime) every OpenAPI
# document in a folder, and prints the summary table recorded in docs/openapi.md.
#   Scripts/openapi-corpus.sh [folder]      (default: ../shared/data/openapi next to the checkout)
# Each generated client is compiled in its own target of a scratch package that depends on
# this package's SpecwrightRuntime (type names of different documents would collide in one module).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
folder="${1:-}"
if [ -z "$folder" ]; then
  for candidate in ../shared/data/openapi ../../shared/data/openapi; do
    if [ -d "$candidate" ]; then folder="$candidate"; break; fi
  done
fi
[ -d "$folder" ] || { echo "no OpenAPI folder (pass one as the first argument)" >&2; exit 2; }

swift build --product specwright >/dev/null
bin="$(swift build --product specwright --show-bin-path)/specwright"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources"

targets=""
rows=()
for document in "$folder"/*.yaml "$folder"/*.json; do
  [ -f "$document" ] || continue
  name="$(basename "$document")"
  target="Client_$(echo "$name" | tr -c 'A-Za-z0-9\n' '_')"
  "$bin" validate -q "$document" 2>"$work/$name.validate" || { echo "validate failed: $name" >&2; cat "$work/$name.validate" >&2; exit 1; }
  "$bin" generate "$document" --output "$work/Sources/$target" >"$work/$name.out" 2>"$work/$name.err" \
    || { echo "generate failed: $name" >&2; cat "$work/$name.err" >&2; exit 1; }
  summary="$(grep -o 'imported .*' "$work/$name.out" | sed 's/^imported //' || true)"
  warnings="$(grep -c ': warning: ' "$work/$name.err" || true)"
  kinds="$(grep -o '\[[a-z-]*\]$' "$work/$name.err" | sort | uniq -c | awk '{printf "%s%s %s", sep, $2, $1; sep=", "}' | tr -d '[]' || true)"
  rows+=("| $name | $(echo "$summary" | awk '{print $1}') | $(echo "$summary" | awk '{print $3}') | $warnings | ${kinds:-none} |")
  targets="$targets .target(name: \"$target\", dependencies: [.product(name: \"SpecwrightRuntime\", package: \"Specwright\")]),"
done

cat >"$work/Package.swift" <<PACKAGE
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "OpenAPICorpus",
    dependencies: [.package(name: "Specwright", path: "$root")],
    targets: [$targets],
    swiftLanguageModes: [.v6])
PACKAGE

echo "compiling the generated clients (debug, Swift 6 mode) ..." >&2
if ! (cd "$work" && swift build 2>&1 | tee "$work/build.log" | grep -E 'error:' >&2); then :; fi
if grep -q 'error:' "$work/build.log"; then echo "compile FAILED" >&2; exit 1; fi
compiled_warnings="$(grep -c 'warning:' "$work/build.log" || true)"

echo "| document | operations | schemas | warnings | skipped by kind |"
echo "|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo
echo "All generated clients compiled (Swift 6 language mode, debug); compiler warnings in generated code: $compiled_warnings."
