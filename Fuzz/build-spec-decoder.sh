#!/usr/bin/env bash
# Called by Fuzz/run.sh: compiles the spec front end of SpecwrightCore (decoding, validation,
# diagnostics, naming, IR types; not rendering) as module SpecwrightCore into one object.
#   Fuzz/build-spec-decoder.sh <out-dir> <swiftc flags...>
set -euo pipefail
out="$1"
shift
core=Sources/SpecwrightCore
swiftc "$@" -I "$out" -module-name SpecwrightCore -wmo -c \
    -emit-module -emit-module-path "$out/SpecwrightCore.swiftmodule" \
    $(find "$core/Spec" "$core/Diagnostics" "$core/Naming" "$core/IR" -name '*.swift' | sort) "$core/Version.swift" \
    -o "$out/SpecwrightCoreSubset.o"
