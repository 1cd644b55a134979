import Foundation
import Testing
@testable import SpecwrightCore

/// Issue #12 point 5: an endpoint of an enveloped service says `envelope: false` when its
/// responses are not wrapped (a health check, a token route, a file); only `false` can be written.
@Suite struct SpecEnvelopeOptOutTests {
    static let envelope = "envelope: { code: code, message: message, data: data, success: [0] }\n"

    static func spec(envelope: String = Self.envelope, health: String = "envelope: false") -> String {
        minimalHeader + envelope + """
            endpoints:
              status:
                health: { get: /health, response: String, \(health) }
                info: { get: /info, response: String }
            """
    }

    @Test func envelopeFalseIsLoweredIntoTheEndpointOptionsAndRenderedOnlyWhenSet() throws {
        let loaded = loadSpec(Self.spec())
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.description))")
        let document = try #require(loaded.document)
        let api = try #require(SpecLowering.lower(document).api)
        let options = api.groups.flatMap(\.endpoints).map { ($0.name.name, $0.options.usesEnvelope) }
        #expect(options.map(\.0) == ["health", "info"] && options.map(\.1) == [false, true])
        let generated = try GenerationSupport.generate(Self.spec())
        #expect(generated.diagnostics.isEmpty)
        let swift = generated.files.values.joined()
        #expect(swift.components(separatedBy: "usesEnvelope: false").count == 2)
        let plain = try GenerationSupport.generate(Self.spec(health: "cache: none"))
        #expect(!plain.files.values.joined().contains("usesEnvelope"))
    }

    @Test func onlyFalseCanBeWrittenAndWithoutAServiceEnvelopeItWarns() {
        #expect(
            diagnosticLines(Self.spec(health: "envelope: true")) == [
                "test.yaml:7:57: error: 'envelope: true' is the default; per operation only 'envelope: false' (responses not wrapped) can be set"
            ])
        #expect(
            diagnosticLines(Self.spec(health: "envelope: { code: c, message: m, data: d, success: [0] }")) == [
                "test.yaml:7:47: error: an 'envelope' mapping describes the service's envelope: write it at the top level of the spec; per operation only 'envelope: false' (responses not wrapped) can be set"
            ])
        #expect(
            diagnosticLines(Self.spec(envelope: "")) == [
                "test.yaml:6:47: warning: 'envelope: false' of 'status.health' has no effect: the service has no envelope"
            ])
    }
}
