#!/usr/bin/env bash
# The lint step of CI (issue #13): every Swift file we write by hand — Sources, Plugins, Tests,
# Benchmarks, Fuzz; not the generated golden output (Tests/Generated/<Target>/Generated/) nor test fixtures — must be
# exactly as `swift format` writes it with the repository's `.swift-format` (4 spaces, lines of at
# most 120 columns, formatting only: every rewriting rule is off). Any finding fails, an over-long
# line included.
#
#   bash Scripts/lint.sh          # check (what .ci/run does)
#   bash Scripts/lint.sh --fix    # format every file in place
set -euo pipefail
cd "$(dirname "$0")/.."
if ! swift format --version >/dev/null 2>&1; then
  echo "error: 'swift format' is not available; it ships with Swift 6 toolchains" >&2
  exit 1
fi
mapfile -t files < <(find Sources Plugins Tests Benchmarks Fuzz -name '*.swift' \
  -not -path 'Tests/Generated/*/Generated/*' -not -path '*/Fixtures/*' | sort)
if [ "${1:-}" = "--fix" ]; then
  swift format format --in-place --configuration .swift-format "${files[@]}"
  exit 0
fi
swift format lint --strict --configuration .swift-format "${files[@]}"
echo "lint: ${#files[@]} Swift files as swift format writes them"
