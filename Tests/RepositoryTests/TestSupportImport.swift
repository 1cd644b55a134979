// The package's files and the shared test helpers live in SpecwrightTestSupport; re-export it so
// every file of this target sees them.
@_exported import SpecwrightTestSupport
