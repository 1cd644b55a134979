import SpecwrightCore

/// (c) The whole front end: bytes → node tree → spec decoding → validation.
enum SpecLoadBenchmark {
    static func run(_ bytes: [UInt8], file: String) -> Int {
        let result = SpecLoader.load(bytes: bytes, file: file)
        return result.hasErrors ? -result.diagnostics.count : result.diagnostics.count
    }
}
