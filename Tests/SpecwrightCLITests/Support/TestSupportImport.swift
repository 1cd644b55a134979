// The package's files, the spec and OpenAPI document builders and the corpora live in the shared
// SpecwrightTestSupport target (the generator tests use them too); re-export it so every file of
// this target sees them.
@_exported import SpecwrightTestSupport
