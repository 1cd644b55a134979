// swift-format-ignore-file
// (The samples in this file are shown verbatim in the docs, and a test compares them.)
import Foundation
import SpecwrightRuntime
import Testing

/// The logging sample of docs/runtime.md ("Logging"), verbatim: compiled here, and the test checks
/// the document still shows exactly these lines.
enum LoggingDocSample {
    static func configurations() -> [ClientConfiguration] {
        let verbose = ClientConfiguration(logging: LoggingConfiguration(isEnabled: true))          // os.Logger / stderr
        let quiet = ClientConfiguration(logging: .disabled)
        let recorded = ClientConfiguration(logging: LoggingConfiguration(isEnabled: true, sink: ClosureLogSink { entry in
            print(entry.level, entry.operationName, entry.message)   // already redacted
        }))
        return [verbose, quiet, recorded]
    }
}

@Suite struct LoggingDocSampleTests {
    @Test func theDocumentShowsTheCompiledSample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent("docs/runtime.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let sampleLines = source.components(separatedBy: "\n").drop { !$0.contains("let verbose =") }.prefix(5)
        #expect(sampleLines.count == 5)
        for line in sampleLines {
            #expect(document.contains(line.trimmingCharacters(in: .whitespaces)), "\(line)")
        }
        #expect(LoggingDocSample.configurations().map(\.logging.isEnabled) == [true, false, true])
    }
}
