#!/usr/bin/env bash
# Instructions per call of the runtime (callgrind), for a base commit and the working tree:
# in-memory pipeline (`memory`), memory-cache hit (`hit`), SQLite-cache hit (`disk`).
#
#   Scripts/runtime-instructions.sh [base-commit]        # default base: fe7ba3d (before #21)
#
# Unlike wall time on this shared machine, instruction counts do not depend on the load: each
# figure is (I(3000 calls) - I(1000 calls)) / 2000, so start-up and warm-up cancel out. Needs
# valgrind. Builds two scratch packages in $WORK (default: a temporary directory), each depending
# on one side's SpecwrightRuntime by path, with Benchmarks/RuntimeInstructions/main.swift.
# The base checkout is a git worktree in $WORK/base-src: `git worktree remove` it afterwards.
# Other measurements reuse it (Scripts/stream-instructions.sh): BENCH_SOURCES (the files of the
# scratch executable, main.swift first), MODES, UNITS (N) and EXTRA_ARGUMENT (after mode and count).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
base_ref="${1:-fe7ba3d}"
work="${WORK:-$(mktemp -d)}"
sources="${BENCH_SOURCES:-$root/Benchmarks/RuntimeInstructions/main.swift}"
units="${UNITS:-1000}"
[ -d "$work/base-src" ] || git -C "$root" worktree add --detach "$work/base-src" "$base_ref" >/dev/null

package() { # name, runtime source path
  local dir="$work/$1" identity
  identity="$(basename "$2" | tr '[:upper:]' '[:lower:]')"
  mkdir -p "$dir/Sources/cg"
  cp $sources "$dir/Sources/cg/"
  cat > "$dir/Package.swift" <<PKG
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "cg", platforms: [.macOS(.v13)], dependencies: [.package(path: "$2")],
    targets: [.executableTarget(name: "cg", dependencies: [.product(name: "SpecwrightRuntime", package: "$identity")])])
PKG
  (cd "$dir" && swift build -c release >/dev/null)
}
package base "$work/base-src"
package current "$root"

count() { # binary, mode, calls → instructions
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" "$2" "$3" ${EXTRA_ARGUMENT:-} 2>&1 | awk '/I +refs/ { gsub(",", "", $4); print $4 }'
}
printf "%-8s %14s %14s %8s\n" mode "base ($base_ref)" current change
for mode in ${MODES:-memory hit disk}; do
  for side in base current; do
    small=$(count "$work/$side/.build/release/cg" $mode $units)
    large=$(count "$work/$side/.build/release/cg" $mode $((3 * units)))
    eval "$side=$(( (large - small) / (2 * units) ))"
  done
  printf "%-8s %14d %14d %+7.1f%%\n" $mode "$base" "$current" "$(awk -v a="$base" -v b="$current" 'BEGIN { print (b - a) * 100 / a }')"
done
