// swift-format-ignore-file
// (The samples in this file are shown verbatim in the docs, and a test compares them.)
import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

// The transport sample of docs/runtime.md ("Testing apps"), verbatim: compiled here, run, and the
// test checks the document still shows exactly these lines.
/// Answers from recorded JSON files where one exists (UI tests, previews), else sends the request.
struct FixtureTransport: HTTPTransport {
    let fixtures: URL
    let network: any HTTPTransport

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let file = fixtures.appendingPathComponent(request.url.path).appendingPathExtension("json")
        guard let body = try? Data(contentsOf: file) else { return try await network.send(request) }
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }
}

@Suite struct TransportDocSampleTests {
    @Test func theDocumentShowsTheCompiledSample() throws {
        let document = String(decoding: try repositoryFile("docs/runtime.md"), as: UTF8.self)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8).components(separatedBy: "\n")
        let sample = source.drop { !$0.hasPrefix("/// Answers from recorded JSON files") }.prefix(11)
        #expect(sample.count == 11)
        for line in sample where !line.isEmpty {
            #expect(document.contains(line.trimmingCharacters(in: .whitespaces)), "\(line)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aRecordedPathIsAnsweredFromItsFileAndAnyOtherGoesToTheNetwork() async throws {
        let fixtures = makeTemporaryDirectory("transport-doc-sample")
        defer { try? FileManager.default.removeItem(at: fixtures) }
        try FileManager.default.createDirectory(at: fixtures.appendingPathComponent("v1"), withIntermediateDirectories: true)
        try Data(#"{"attempt":7}"#.utf8).write(to: fixtures.appendingPathComponent("v1/books.json"))
        let network = StubTransport { _ in HTTPResponse(status: 200, body: Data(#"{"attempt":1}"#.utf8)) }
        let client = APIClient(
            service: TestSupport.service(try #require(URL(string: "https://api.example.com/v1"))),
            configuration: ClientConfiguration(transport: FixtureTransport(fixtures: fixtures, network: network), logging: .disabled))
        #expect(try await client.send(TestEndpoint(["books"]), as: AttemptBody.self) == AttemptBody(attempt: 7))
        #expect(network.requests.isEmpty)
        #expect(try await client.send(TestEndpoint(["authors"]), as: AttemptBody.self) == AttemptBody(attempt: 1))
        #expect(network.requests.map(\.url.path) == ["/v1/authors"])
    }
}
