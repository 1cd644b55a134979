#!/usr/bin/env bash
# Regenerates the committed reference output of the generator. Each spec gets its own test
# target (generated file names and type names must not collide within a module):
#   specs/bookstore.yaml        → Tests/Generated/GeneratedClientTests/Generated/bookstore/
#   specs/social.yaml           → Tests/Generated/GeneratedSocialClientTests/Generated/social/
#   Tests/Fixtures/hostile.yaml → Tests/Generated/GeneratedHostileClientTests/Generated/hostile/
#   Tests/Fixtures/transfers.yaml → Tests/Generated/GeneratedTransfersClientTests/Generated/transfers/
#   hand-built IR (IRConstructsFixture) → Tests/Generated/GeneratedConstructsClientTests/Generated/constructs/
# SpecwrightCoreTests/Generation/GoldenOutputTests.swift compares against these files (and
# fails for a spec in specs/ that has no entry here); the Generated*ClientTests targets
# compile and exercise them against SpecwrightRuntime.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product specwright >/dev/null
bin="$(swift build --product specwright --show-bin-path)/specwright"

generate() {
  "$bin" generate "$1" --output "$2"
}

generate specs/bookstore.yaml Tests/Generated/GeneratedClientTests/Generated/bookstore
generate specs/social.yaml Tests/Generated/GeneratedSocialClientTests/Generated/social
generate Tests/Fixtures/hostile.yaml Tests/Generated/GeneratedHostileClientTests/Generated/hostile
generate Tests/Fixtures/transfers.yaml Tests/Generated/GeneratedTransfersClientTests/Generated/transfers
# OpenAPI import (OpenAPIGoldenTests compares; GeneratedOpenAPIClientTests compiles and exercises it)
generate Tests/Fixtures/openapi/petstore.yaml Tests/Generated/GeneratedOpenAPIClientTests/Generated/petstore
generate Tests/Fixtures/openapi/petstore3.yaml Tests/Generated/GeneratedOpenAPIPetstore3ClientTests/Generated/petstore3
generate Tests/Fixtures/openapi/shapes.yaml Tests/Generated/GeneratedOpenAPIShapesClientTests/Generated/shapes
generate Tests/Fixtures/openapi/parameters.yaml Tests/Generated/GeneratedOpenAPIParametersClientTests/Generated/parameters
generate Tests/Fixtures/openapi/transfers.yaml Tests/Generated/GeneratedOpenAPITransfersClientTests/Generated/transfers

# IR-only constructs (unions, integer enums, multipart …) from a hand-built IR:
#   → Tests/Generated/GeneratedConstructsClientTests/Generated/constructs/
SPECWRIGHT_REGENERATE_GOLDEN=1 swift test --filter IRConstructsGoldenTests >/dev/null
