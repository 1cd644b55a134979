import SpecwrightYAML

/// (a) The floor: libyaml's event scan over the bytes (with the UTF-8 check), no nodes built.
enum EventScanBenchmark {
    static func run(_ bytes: [UInt8]) -> Int {
        (try? YAMLParser.scanEvents(bytes, file: "bench.yaml")) ?? -1
    }
}
