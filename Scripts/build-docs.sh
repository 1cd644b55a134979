#!/usr/bin/env bash
# Builds the DocC documentation of SpecwrightRuntime (Sources/SpecwrightRuntime/SpecwrightRuntime.docc:
# getting started, pipeline, cache and offline, extension points, testing, the spec format) with
# the toolchain's docc from the runtime's symbol graphs, and fails on any documentation warning:
#   1. public runtime API without a /// comment (Scripts/check-documented.py; docc does not check it);
#   2. docc convert --analyze --warnings-as-errors (broken symbol links, unresolved articles …).
# Own scratch path, so the package's normal build stays incremental. Run by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build/docc
graphs="$PWD/$scratch/symbol-graphs"
runtime_graphs="$PWD/$scratch/runtime-symbol-graphs"
rm -rf "$graphs" "$runtime_graphs" "$scratch/SpecwrightRuntime.doccarchive"
mkdir -p "$graphs" "$runtime_graphs"

swift build --target SpecwrightRuntime --scratch-path "$scratch" \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
  -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >/dev/null
cp "$graphs"/SpecwrightRuntime*.symbols.json "$runtime_graphs/"

python3 Scripts/check-documented.py "$runtime_graphs" SpecwrightRuntime

docc convert Sources/SpecwrightRuntime/SpecwrightRuntime.docc \
  --additional-symbol-graph-dir "$runtime_graphs" \
  --output-dir "$scratch/SpecwrightRuntime.doccarchive" \
  --fallback-display-name SpecwrightRuntime --fallback-bundle-identifier dev.specwright.runtime \
  --analyze --warnings-as-errors
echo "docs: $scratch/SpecwrightRuntime.doccarchive"
