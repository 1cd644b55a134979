#!/usr/bin/env bash
# `==` + `hash(into:)`, `encode(to:)` and `init(from:)` of a generated object (one `_fields` list, the runtime's
# `_GeneratedObject`) against compiler-synthesized conformances, optimized as SwiftPM's release
# builds are (-O, whole module): `specwright-bench coding` (its 12-field shapes and stages) compiled
# with the runtime's coding files into one executable, so no release build of the package is needed.
# Ratios are of interleaved rounds in one run (the machine may be busy).
#   Scripts/object-coding-microbench.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for file in GeneratedObject FieldVisitor FieldEquality FieldEncoding FieldEncodingHelpers FieldKey FieldDecoder UnionDecoding; do
  cp "$root/Sources/SpecwrightRuntime/Coding/$file.swift" "$work/"
done
# The benchmark's own files (the shapes, the timer, the stages), without the package import: the
# runtime's coding files are compiled into the same module.
for file in ObjectCodingShapes ObjectCodingBenchmark BenchmarkTimer; do
  grep -v 'import SpecwrightRuntime' "$root/Benchmarks/SpecwrightBench/$file.swift" >"$work/$file.swift"
done
echo 'try ObjectCodingBenchmark.run()' >"$work/main.swift"
swiftc -O -wmo -swift-version 6 "$work"/*.swift -o "$work/bench"
"$work/bench"
