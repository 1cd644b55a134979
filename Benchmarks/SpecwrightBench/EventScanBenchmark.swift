import SpecwrightYAML

/// (a) The floor: libyaml's event scan over the bytes (with the UTF-8 check), no nodes built.
enum EventScanBenchmark {
    static func run(_ bytes: [UInt8], file: String) -> Int {
        (try? YAMLParser.scanEvents(bytes, file: file)) ?? -1
    }
}
