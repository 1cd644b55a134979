#!/usr/bin/env bash
# Builds the libFuzzer target for the YAML front end (plus the spec decoder when
# Fuzz/SpecDecoderFuzz.swift and its sources are present) and runs it.
#   Fuzz/run.sh [seconds=600] [extra libFuzzer flags...]
# Needs a Swift toolchain with libFuzzer (swiftc -sanitize=fuzzer,address) and libyaml-dev.
# Not part of CI. Crashes are written to Fuzz/artifacts/, the growing corpus to .build/fuzz/corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
shift || true
out=.build/fuzz
mkdir -p "$out/corpus" Fuzz/artifacts
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -I Sources/CYaml)

# 1. The YAML module, instrumented, as one object file.
swiftc "${flags[@]}" -module-name SpecwrightYAML -wmo -c \
    -emit-module -emit-module-path "$out/SpecwrightYAML.swiftmodule" \
    Sources/SpecwrightYAML/*.swift -o "$out/SpecwrightYAML.o"

# 2. The harness (with the spec decoder glue when available).
decoder=Fuzz/NoSpecDecoder.swift
extra_objects=()
if [[ -x Fuzz/build-spec-decoder.sh ]]; then
    Fuzz/build-spec-decoder.sh "$out" "${flags[@]}"
    decoder=Fuzz/SpecDecoderFuzz.swift
    extra_objects=("$out"/SpecwrightCoreSubset.o)
fi
swiftc "${flags[@]}" -I "$out" -module-name FuzzTarget \
    Fuzz/YAMLFuzzTarget.swift "$decoder" "$out/SpecwrightYAML.o" "${extra_objects[@]}" \
    -lyaml -o "$out/specwright-fuzz"

# 3. Seed corpus: the YAML test suite inputs and the example specs.
data="$(cd .. && pwd)/shared/data/yaml-test-suite"
if [[ -d "$data" ]]; then
    find "$data" -name in.yaml | while read -r f; do cp "$f" "$out/corpus/yts-$(echo "$f" | md5sum | cut -c1-12).yaml"; done
fi
cp specs/*.yaml "$out/corpus/" 2>/dev/null || true
find Tests -name "*.yaml" -size -16k -exec cp {} "$out/corpus/" \; 2>/dev/null || true

SWIFT_BACKTRACE=enable=no "$out/specwright-fuzz" "$out/corpus" -dict=Fuzz/yaml.dict -max_total_time="$seconds" \
    -timeout=5 -rss_limit_mb=2048 -max_len=8192 -artifact_prefix=Fuzz/artifacts/ \
    -print_final_stats=1 "$@"
