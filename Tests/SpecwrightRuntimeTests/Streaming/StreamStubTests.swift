import Foundation
import SpecwrightRuntime
import Testing

/// Issue #19 items 1 and 4 offline: `StubTransport` streams, so apps test streaming code without a
/// network; `HTTPBody` sources and limits.
@Suite("Streaming: stub transport and bodies")
struct StreamStubTests {
    struct Token: Codable, Sendable, Hashable {
        var text: String
    }

    private func client(_ stub: StubTransport) -> APIClient {
        APIClient(
            service: TestSupport.service(URL(string: "https://api.example")!),
            configuration: ClientConfiguration(transport: stub, logging: .disabled, clock: RecordingClock()))
    }

    @Test func aStreamingStubDeliversEventsSplitAnywhereAndEndsAtDone() async throws {
        let body = Data(
            "data: {\"text\":\"Hel\"}\n\ndata: {\"text\":\"lo\"}\n\ndata: [DONE]\n\ndata: {\"text\":\"never\"}\n\n".utf8
        )
        let chunks = stride(from: 0, to: body.count, by: 5).map { body[$0..<min($0 + 5, body.count)] }
        let stub = StubTransport.streaming { _ in
            HTTPStreamedResponse(
                status: 200, headers: ["Content-Type": "text/event-stream"],
                body: HTTPBody(chunks: chunks.map { Data($0) }))
        }
        var tokens: [String] = []
        for try await token in try await client(stub).events(TestEndpoint(["chat"]), as: Token.self) {
            tokens.append(token.text)
        }
        #expect(tokens == ["Hel", "lo"])
        #expect(stub.requests.first?.destination == .stream)
        #expect(stub.requests.first?.headers.value(for: "Accept") == "text/event-stream")
    }

    @Test func aStringElementTakesTheEventDataAsItIs() async throws {
        let stub = StubTransport.streaming { _ in
            HTTPStreamedResponse(status: 200, body: HTTPBody(Data("data: plain text\ndata: two lines\n\n".utf8)))
        }
        var texts: [String] = []
        for try await text in try await client(stub).events(TestEndpoint(["chat"]), as: String.self) {
            texts.append(text)
        }
        #expect(texts == ["plain text\ntwo lines"])
    }

    @Test func aPlainStubStreamsItsBodyAsOneChunk() async throws {
        let stub = StubTransport { _ in
            HTTPResponse(status: 200, body: Data("{\"text\":\"a\"}\n{\"text\":\"b\"}\n".utf8))
        }
        var tokens: [Token] = []
        for try await token in try await client(stub).jsonLines(TestEndpoint(["lines"]), as: Token.self) {
            tokens.append(token)
        }
        #expect(tokens == [Token(text: "a"), Token(text: "b")])
    }

    @Test func aFailureMidBodyIsASpecwrightErrorOfTheCall() async throws {
        let stub = StubTransport.streaming { _ in
            let (chunks, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
            continuation.yield(Data("{\"text\":\"a\"}\n".utf8))
            continuation.finish(throwing: URLError(.networkConnectionLost))
            return HTTPStreamedResponse(status: 200, body: HTTPBody(chunks))
        }
        var tokens: [Token] = []
        let error = await #expect(throws: SpecwrightError.self) {
            for try await token in try await client(stub).jsonLines(TestEndpoint(["lines"]), as: Token.self) {
                tokens.append(token)
            }
        }
        #expect(tokens == [Token(text: "a")])
        #expect(error?.operationName == "test.call")
        guard case .transport(let urlError)? = error?.kind else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
        #expect(urlError.code == .networkConnectionLost)
    }

    @Test func aValueThatDoesNotDecodeIsADecodingError() async throws {
        let stub = StubTransport.streaming { _ in
            HTTPStreamedResponse(status: 200, body: HTTPBody(Data("{\"text\":1}\n".utf8)))
        }
        let error = await #expect(throws: SpecwrightError.self) {
            for try await _ in try await client(stub).jsonLines(TestEndpoint(["lines"]), as: Token.self) {}
        }
        guard case .decoding? = error?.kind else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return
        }
    }

    @Test func bodiesCollectUpToALimitAndFilesIterateInChunks() async throws {
        #expect(try await HTTPBody(chunks: [Data("ab".utf8), Data("cd".utf8)]).collect(upTo: 4) == Data("abcd".utf8))
        await #expect(throws: SpecwrightError.self) {
            try await HTTPBody(chunks: [Data("ab".utf8), Data("cd".utf8)]).collect(upTo: 3)
        }
        let directory = makeTemporaryDirectory("stream-body")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("f")
        try Data(repeating: 7, count: 10).write(to: file)
        let body = try HTTPBody(contentsOf: file, chunkSize: 4)
        #expect(body.length == 10)
        var sizes: [Int] = []
        for try await chunk in body { sizes.append(chunk.count) }
        #expect(sizes == [4, 4, 2])
        #expect(body == (try HTTPBody(contentsOf: file)))
    }
}
