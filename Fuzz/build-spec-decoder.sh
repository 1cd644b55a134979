#!/usr/bin/env bash
# Compiles the spec front end of SpecwrightCore (Spec/, Diagnostics/, Swift naming) into one
# instrumented object for Fuzz/run.sh, as module SpecwrightCore (the generator parts, which
# need embedded templates, are left out).
#   Fuzz/build-spec-decoder.sh OUT_DIR SWIFTC_FLAGS...
set -euo pipefail
cd "$(dirname "$0")/.."
out="$1"
shift
mapfile -t sources < <(find Sources/SpecwrightCore/Spec Sources/SpecwrightCore/Diagnostics -name '*.swift' | sort)
swiftc "$@" -I "$out" -module-name SpecwrightCore -wmo -c \
    -emit-module -emit-module-path "$out/SpecwrightCore.swiftmodule" \
    "${sources[@]}" Sources/SpecwrightCore/Naming/SwiftName.swift Sources/SpecwrightCore/Naming/JSONKeyNaming.swift \
    -o "$out/SpecwrightCoreSubset.o"
