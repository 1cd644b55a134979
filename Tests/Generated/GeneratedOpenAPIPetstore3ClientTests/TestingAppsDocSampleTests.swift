// swift-format-ignore-file
// (The samples in this file are shown verbatim in the docs, and a test compares them.)
import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

// The sample of docs/runtime.md ("Testing apps"), verbatim: compiled here against the client
// generated from Tests/Fixtures/openapi/petstore3.yaml and run, and the test checks the document still shows exactly these lines.
enum TestingAppsDocSample {
    struct InstantClock: RuntimeClock {
        func now() -> TimeInterval { 0 }
        func sleep(for seconds: TimeInterval) async throws { try Task.checkCancellation() }
    }

    static func client(answering json: Data) -> (SwaggerPetstoreOpenAPI30Client, StubTransport) {
        let stub = StubTransport(sequence: [HTTPResponse(status: 503), HTTPResponse(status: 200, body: json)])
        let client = SwaggerPetstoreOpenAPI30Client(configuration: ClientConfiguration(transport: stub, clock: InstantClock()))
        return (client, stub)
    }
}

@Suite struct TestingAppsDocSampleTests {
    @Test func theDocumentShowsTheCompiledSample() throws {
        let document = String(decoding: try repositoryFile("docs/runtime.md"), as: UTF8.self)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8).components(separatedBy: "\n")
        let clock = source.drop { !$0.contains("struct InstantClock: RuntimeClock {") }.prefix(4)
        let client = source.drop { !$0.contains("let stub = StubTransport(sequence:") }.prefix(2)
        #expect(clock.count == 4 && client.count == 2)
        for line in clock + client {
            #expect(document.contains(line.trimmingCharacters(in: .whitespaces)), "\(line)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func theRetryAfterA503RunsAtOnceAgainstTheStub() async throws {
        let (client, stub) = TestingAppsDocSample.client(answering: Data(#"{"id":7,"name":"Rex","photoUrls":[]}"#.utf8))
        let pet = try await client.pet.getPetById(petId: 7)
        #expect(pet.name == "Rex")
        #expect(stub.requests.count == 2)  // the 503, retried without sleeping its backoff
    }
}
