#!/usr/bin/env bash
# Instructions per server-sent event (callgrind) of the runtime at a base commit and in the working
# tree: parser + JSONDecoder alone (`sync`), `ServerSentEventStream` over an in-memory body
# (`stream`), and `APIClient.events(_:as:)` answered by `StubTransport.streaming` (`client`) —
# stages of `specwright-bench sse`, run by Benchmarks/StreamInstructions/main.swift.
#
#   Scripts/stream-instructions.sh [base-commit]        # default base: HEAD
#   CHUNKS=event Scripts/stream-instructions.sh          # one chunk per event instead of 4 KiB
#
# Each figure is (I(3N events) - I(N events)) / 2N with N = 2000; see Scripts/runtime-instructions.sh,
# which builds and counts (scratch packages in $WORK, the base checkout in $WORK/base-src).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
BENCH_SOURCES="$root/Benchmarks/StreamInstructions/main.swift $root/Benchmarks/SpecwrightBench/StreamEventsBenchmark.swift" \
  MODES="sync stream client" UNITS=2000 EXTRA_ARGUMENT="${CHUNKS:-}" \
  exec "$root/Scripts/runtime-instructions.sh" "${1:-HEAD}"
