#!/usr/bin/env bash
# Instructions per megabyte (callgrind) of the client process for a download and a file upload on
# loopback, by the runtime at a base commit and in the working tree (`download`, `upload`) and by a
# hand-written URLSession task with a completion handler (`base-download`, `base-upload`) or with
# a do-nothing session delegate (`floor-download`, `floor-upload`: what FoundationNetworking costs
# any client that watches progress or redirects) — Benchmarks/TransferInstructions/main.swift
# against the fixture server (Tests/Fixtures/fixture_server.py, started here, stopped on exit).
#
#   Scripts/transfer-instructions.sh [base-commit]        # default base: HEAD
#
# Each figure is (I(3N MB) - I(N MB)) / 2N with N = 10 (UNITS), so start-up cancels out; unlike
# wall or CPU time it does not depend on the machine's load. See Scripts/runtime-instructions.sh,
# which builds and counts (scratch packages in $WORK, the base checkout in $WORK/base-src).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
coproc SERVER { exec python3 "$root/Tests/Fixtures/fixture_server.py" --lifetime 3600; }
read -r port <&"${SERVER[0]}"
trap 'exec {SERVER[1]}>&-' EXIT  # the server exits when its stdin closes
export CG_BASE="http://127.0.0.1:$port/cg-transfer"
BENCH_SOURCES="$root/Benchmarks/TransferInstructions/main.swift $root/Benchmarks/SpecwrightBench/TransferBaseline.swift $root/Benchmarks/SpecwrightBench/TransferDelegateBaseline.swift" \
  MODES="${MODES:-base-download floor-download download base-upload floor-upload upload}" UNITS="${UNITS:-10}" \
  "$root/Scripts/runtime-instructions.sh" "${1:-HEAD}"
