// The fixture server launcher lives in the shared SpecwrightTestSupport target (the end-to-end
// tests use it too); re-export it so every file of this target sees it.
@_exported import SpecwrightTestSupport
