#!/usr/bin/env bash
# Instructions executed by one debug compile job of a generated client's file (callgrind): unlike
# CPU seconds, the count does not move with the machine's load, so two generated shapes can be
# compared on a busy machine.
#   Scripts/compile-instructions.sh GENERATED_DIR MODULES_DIR [FILE]
# GENERATED_DIR holds the generated files of one module (`specwright generate … --shards 1`),
# MODULES_DIR the SpecwrightRuntime module they compile against (`.build/debug/Modules` after
# `swift build --target SpecwrightRuntime`), FILE the primary file (default Types.swift). The job is
# the one SwiftPM runs for that file in a debug build (-Onone -g), without the driver.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
generated="$1"
modules="$2"
file="${3:-Types.swift}"
others=()
for other in "$generated"/*.swift; do [ "$(basename "$other")" = "$file" ] || others+=("$other"); done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$work/out" \
  "$(dirname "$(readlink -f "$(command -v swiftc)")")/swift-frontend" -frontend -c -primary-file "$generated/$file" "${others[@]}" \
  -I "$modules" -Xcc -fmodule-map-file="$root/Sources/CSQLite/module.modulemap" -module-name GeneratedClient \
  -swift-version 6 -Onone -g -enable-testing -parse-as-library -o "$work/file.o" 2>"$work/log" >/dev/null \
  || { tail -20 "$work/log" >&2; exit 1; }
count="$(grep -o 'Collected : [0-9]*' "$work/log" | grep -o '[0-9]*$')"
printf '%s: %s instructions (debug compile job, callgrind)\n' "$file" "$count"
