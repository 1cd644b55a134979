#!/usr/bin/env bash
# Builds and runs the libFuzzer targets:
#   Fuzz/run.sh [yaml|cache|json|openapi|all] [seconds=600] [extra libFuzzer flags...]
#   yaml     the YAML front end (plus the spec decoder when Fuzz/build-spec-decoder.sh is present)
#   cache    the HTTP cache's decision code over arbitrary header values and stored rows
#   json     the JSON reader alone (round trip and location checks)
#   openapi  the whole OpenAPI path: bytes → node tree → import → render, with the
#            "generated code must be well-formed" checks of Fuzz/GeneratedCodeCheck.swift
#   all      (also without a target name) every target, one after the other, each for `seconds`
# Needs a Swift toolchain with libFuzzer (swiftc -sanitize=fuzzer,address), libyaml-dev,
# libsqlite3-dev, and python3 (with PyYAML for the JSON copies of the YAML seeds; without it they
# are skipped). Not part of CI. Crashes are written to Fuzz/artifacts/ (yaml, cache) and
# Fuzz/artifacts/<target>/ (json, openapi); corpora to .build/fuzz/.
set -euo pipefail
cd "$(dirname "$0")/.."
target=all
case "${1:-}" in yaml|cache|json|openapi|all) target="$1"; shift ;; esac
seconds="${1:-600}"
shift || true
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -I Sources/CYaml)
# The shared data folder sits next to the checkout (/work/main) or next to its parent (/work/wt/x).
data="$(cd .. && pwd)/shared/data"
[[ -d "$data" ]] || data="$(cd ../.. && pwd)/shared/data"

# The YAML module, instrumented, as one object file (every target links it).
build_yaml() {
    swiftc "${flags[@]}" -module-name SpecwrightYAML -wmo -c \
        -emit-module -emit-module-path "$1/SpecwrightYAML.swiftmodule" \
        Sources/SpecwrightYAML/*.swift -o "$1/SpecwrightYAML.o"
}

# Copies the OpenAPI documents of ../shared/data (and the test fixtures) into corpus $1, and a
# JSON rendering of each YAML one, so that both readers are reached.
seed_openapi() {
    local corpus="$1"
    for dir in "$data/openapi" "$data/openapi-edge" Tests/Fixtures/openapi; do
        [[ -d "$dir" ]] || continue
        find "$dir" -type f \( -name '*.yaml' -o -name '*.json' \) | while read -r f; do
            cp "$f" "$corpus/$(echo "$f" | md5sum | cut -c1-12)-$(basename "$f")"
        done
    done
    python3 - "$corpus" <<'PY' || echo "note: no JSON copies of the YAML seeds (PyYAML missing?)"
import json, os, sys, yaml
corpus = sys.argv[1]
for name in sorted(os.listdir(corpus)):
    if not name.endswith(".yaml"):
        continue
    try:
        document = yaml.safe_load(open(os.path.join(corpus, name), encoding="utf-8"))
    except Exception:
        continue
    with open(os.path.join(corpus, name[:-5] + ".as.json"), "w", encoding="utf-8") as output:
        json.dump(document, output, default=str)
PY
}

run_fuzzer() {
    local name="$1" binary="$2" corpus="$3" dict="$4" max_len="$5"
    shift 5
    mkdir -p "Fuzz/artifacts/$name"
    SWIFT_BACKTRACE=enable=no "$binary" "$corpus" -dict="$dict" -max_total_time="$seconds" \
        -timeout=10 -rss_limit_mb=2048 -max_len="$max_len" -artifact_prefix="Fuzz/artifacts/$name/" \
        -print_final_stats=1 "$@"
}

fuzz_yaml() {
    local out=.build/fuzz
    mkdir -p "$out/corpus"
    build_yaml "$out"
    # The harness (with the spec decoder glue when available).
    local decoder=Fuzz/NoSpecDecoder.swift
    local extra_objects=()
    if [[ -x Fuzz/build-spec-decoder.sh ]]; then
        Fuzz/build-spec-decoder.sh "$out" "${flags[@]}"
        decoder=Fuzz/SpecDecoderFuzz.swift
        extra_objects=("$out"/SpecwrightCoreSubset.o)
    fi
    swiftc "${flags[@]}" -I "$out" -module-name FuzzTarget \
        Fuzz/YAMLFuzzTarget.swift "$decoder" "$out/SpecwrightYAML.o" "${extra_objects[@]}" \
        -lyaml -o "$out/specwright-fuzz"
    # Seed corpus: the YAML test suite inputs and the example specs.
    if [[ -d "$data/yaml-test-suite" ]]; then
        find "$data/yaml-test-suite" -name in.yaml | while read -r f; do cp "$f" "$out/corpus/yts-$(echo "$f" | md5sum | cut -c1-12).yaml"; done
    fi
    cp specs/*.yaml "$out/corpus/" 2>/dev/null || true
    find Tests -name "*.yaml" -size -16k -exec cp {} "$out/corpus/" \; 2>/dev/null || true
    mkdir -p Fuzz/artifacts
    SWIFT_BACKTRACE=enable=no "$out/specwright-fuzz" "$out/corpus" -dict=Fuzz/yaml.dict -max_total_time="$seconds" \
        -timeout=5 -rss_limit_mb=2048 -max_len=8192 -artifact_prefix=Fuzz/artifacts/ \
        -print_final_stats=1 "$@"
}

fuzz_cache() {
    local out=.build/fuzz
    mkdir -p "$out/cache-corpus" Fuzz/artifacts
    Fuzz/build-cache-decision.sh "$out" "${flags[@]}"
    SWIFT_BACKTRACE=enable=no "$out/cache-decision-fuzz" "$out/cache-corpus" Fuzz/cache-seeds -dict=Fuzz/cache.dict \
        -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=4096 -artifact_prefix=Fuzz/artifacts/cache- \
        -print_final_stats=1 "$@"
}

fuzz_json() {
    local out=.build/fuzz/json
    mkdir -p "$out/corpus"
    build_yaml "$out"
    swiftc "${flags[@]}" -I "$out" -module-name JSONFuzzTarget Fuzz/JSONFuzzTarget.swift "$out/SpecwrightYAML.o" \
        -lyaml -o "$out/specwright-fuzz-json"
    seed_openapi "$out/corpus"
    find "$out/corpus" -type f -name '*.yaml' -delete
    run_fuzzer json "$out/specwright-fuzz-json" "$out/corpus" Fuzz/json.dict 16384 "$@"
}

fuzz_openapi() {
    local out=.build/fuzz/openapi
    mkdir -p "$out/corpus"
    build_yaml "$out"
    Fuzz/build-openapi.sh "$out" "${flags[@]}"
    seed_openapi "$out/corpus"
    # -detect_leaks=0: LeakSanitizer reports the templates parsed once into a global (process
    # lifetime) as leaked when the run ends; that report is not a finding.
    run_fuzzer openapi "$out/specwright-fuzz-openapi" "$out/corpus" Fuzz/openapi.dict 16384 -detect_leaks=0 "$@"
}

case "$target" in
    yaml) fuzz_yaml "$@" ;;
    cache) fuzz_cache "$@" ;;
    json) fuzz_json "$@" ;;
    openapi) fuzz_openapi "$@" ;;
    all) fuzz_yaml "$@"; fuzz_cache "$@"; fuzz_json "$@"; fuzz_openapi "$@" ;;
esac
