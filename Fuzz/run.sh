#!/usr/bin/env bash
# Builds and runs the libFuzzer targets:
#   yaml   the YAML front end (plus the spec decoder when Fuzz/SpecDecoderFuzz.swift and its sources are present);
#   cache  the HTTP cache's decision code over arbitrary header values and stored rows (Fuzz/CacheDecisionFuzzTarget.swift).
#   Fuzz/run.sh [yaml|cache|all] [seconds=600] [extra libFuzzer flags...]
# Without a target name both run, one after the other, each for `seconds`.
# Needs a Swift toolchain with libFuzzer (swiftc -sanitize=fuzzer,address), libyaml-dev and libsqlite3-dev.
# Not part of CI. Crashes are written to Fuzz/artifacts/, the growing corpora to .build/fuzz/corpus and
# .build/fuzz/cache-corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
target=all
if [[ "${1:-}" == yaml || "${1:-}" == cache || "${1:-}" == all ]]; then
    target="$1"
    shift
fi
seconds="${1:-600}"
shift || true
out=.build/fuzz
mkdir -p "$out/corpus" "$out/cache-corpus" Fuzz/artifacts
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -I Sources/CYaml)

if [[ "$target" == cache || "$target" == all ]]; then
    Fuzz/build-cache-decision.sh "$out" "${flags[@]}"
    SWIFT_BACKTRACE=enable=no "$out/cache-decision-fuzz" "$out/cache-corpus" Fuzz/cache-seeds -dict=Fuzz/cache.dict \
        -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=4096 -artifact_prefix=Fuzz/artifacts/cache- \
        -print_final_stats=1 "$@"
    [[ "$target" == cache ]] && exit 0
fi

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
