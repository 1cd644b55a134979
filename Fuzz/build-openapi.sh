#!/usr/bin/env bash
# Compiles the whole generator (Mustache, the package version and digest, the default templates, SpecwrightCore) into
# instrumented objects and links the OpenAPI fuzz target (Fuzz/OpenAPIFuzzTarget.swift) for
# Fuzz/run.sh. Expects OUT_DIR to hold SpecwrightYAML.o and its module already.
#   Fuzz/build-openapi.sh OUT_DIR SWIFTC_FLAGS...
set -euo pipefail
cd "$(dirname "$0")/.."
out="$1"
shift

# Mustache, as SwiftPM builds it.
swiftc "$@" -module-name Mustache -wmo -c -emit-module -emit-module-path "$out/Mustache.swiftmodule" \
    Sources/Mustache/*.swift -o "$out/Mustache.o"

# The small modules SpecwrightCore imports: the package version and the SHA-256 digest.
for module in SpecwrightPackageInfo SpecwrightDigest; do
    swiftc "$@" -module-name "$module" -wmo -c -emit-module -emit-module-path "$out/$module.swiftmodule" \
        Sources/"$module"/*.swift -o "$out/$module.o"
done

# The templates: SwiftPM's `.embedInCode` accessor is not available to plain swiftc, so the same
# `EmbeddedTemplates.sources` table is generated from Templates/Swift/*.mustache.
python3 - "$out/EmbeddedTemplates.swift" Templates/Swift/*.mustache <<'PY'
import os, sys
target, files = sys.argv[1], sys.argv[2:]
lines = ["public enum EmbeddedTemplates {", "    public static let sources: [String: String] = ["]
for path in sorted(files):
    name = os.path.basename(path)[: -len(".mustache")]
    text = open(path, encoding="utf-8").read()
    assert '"""####' not in text
    lines.append(f'        "{name}": ####"""\n{text}\n"""####,')
lines += ["    ]", "}"]
open(target, "w", encoding="utf-8").write("\n".join(lines) + "\n")
PY
# (The multi-line literal adds no newline of its own after the text's last line break.)
swiftc "$@" -module-name SpecwrightTemplates -wmo -c -emit-module -emit-module-path "$out/SpecwrightTemplates.swiftmodule" \
    "$out/EmbeddedTemplates.swift" -o "$out/SpecwrightTemplates.o"

# The whole generator core.
mapfile -t sources < <(find Sources/SpecwrightCore -name '*.swift' | sort)
swiftc "$@" -I "$out" -module-name SpecwrightCore -wmo -c -emit-module -emit-module-path "$out/SpecwrightCore.swiftmodule" \
    "${sources[@]}" -o "$out/SpecwrightCoreFull.o"

swiftc "$@" -I "$out" -module-name OpenAPIFuzzTarget \
    Fuzz/OpenAPIFuzzTarget.swift Fuzz/GeneratedCodeCheck.swift \
    "$out/SpecwrightYAML.o" "$out/Mustache.o" "$out/SpecwrightPackageInfo.o" "$out/SpecwrightDigest.o" "$out/SpecwrightTemplates.o" \
    "$out/SpecwrightCoreFull.o" \
    -lyaml -o "$out/specwright-fuzz-openapi"
