import Foundation
import SpecwrightRuntime
import Testing

/// The streamed operations of `specs/social.yaml` (`stream: sse`, `stream: jsonl`), generated,
/// compiled and exercised offline with a streaming stub: values decode with the spec's JSON keys
/// and millisecond dates, events split anywhere, and leaving the loop early is fine.
@Suite struct SocialStreamTests {
    static func postJSON(_ text: String) -> String {
        #"{"id":"6F9619FF-8B86-D011-B42D-00CF4FC964FF","author":{"id":"6F9619FF-8B86-D011-B42D-00CF4FC964FF","handle":"ada","display_name":"Ada"},"#
            + #""text":"\#(text)","created_at":1700000000000,"media":[],"visibility":"public","like_count":3,"reactions":{}}"#
    }

    /// Splits `text` into chunks of `size` bytes.
    static func chunks(_ text: String, size: Int) -> [Data] {
        let bytes = Data(text.utf8)
        return stride(from: 0, to: bytes.count, by: size).map { Data(bytes[$0..<min($0 + size, bytes.count)]) }
    }

    @Test(.timeLimit(.minutes(1)))
    func liveEventsDecodeAsPostsWithTheSpecsKeysAndDates() async throws {
        let events =
            ": hello\n\nid: 1\ndata: \(Self.postJSON("first"))\n\nid: 2\nevent: post\ndata: \(Self.postJSON("second"))\n\n"
        let stub = StubTransport.streaming { request in
            HTTPStreamedResponse(
                status: 200, headers: ["Content-Type": "text/event-stream"],
                body: HTTPBody(chunks: Self.chunks(events, size: 13)))
        }
        let client = SocialClient(configuration: ClientConfiguration(transport: stub))
        var texts: [String] = []
        for try await post in try await client.feed.live() {
            texts.append(post.text)
            #expect(post.createdAt == Date(timeIntervalSince1970: 1_700_000_000))
            #expect(post.author.displayName == "Ada")
        }
        #expect(texts == ["first", "second"])
        #expect(stub.requests.map(\.url.path) == ["/v2/feed/live"])  // no gate call: streams skip the data layer
        // the operation's media type wins over the spec's static Accept
        #expect(stub.requests.first?.headers.value(for: "Accept") == "text/event-stream")
    }

    @Test(.timeLimit(.minutes(1)))
    func theArchiveDecodesJSONLinesAndSendsItsQuery() async throws {
        let lines = Self.postJSON("a") + "\n\n" + Self.postJSON("b") + "\r\n" + Self.postJSON("c")
        let stub = StubTransport.streaming { _ in
            HTTPStreamedResponse(status: 200, body: HTTPBody(chunks: Self.chunks(lines, size: 50)))
        }
        let client = SocialClient(configuration: ClientConfiguration(transport: stub))
        var texts: [String] = []
        for try await post in try await client.feed.archive(since: Date(timeIntervalSince1970: 1)) {
            texts.append(post.text)
            if texts.count == 2 { break }
        }
        #expect(texts == ["a", "b"])
        let query = try #require(
            stub.requests.first.flatMap { URLComponents(url: $0.url, resolvingAgainstBaseURL: false)?.query })
        #expect(query == "since=1000")
        #expect(stub.requests.first?.headers.value(for: "Accept") == APIClient.jsonLinesMediaTypes)
    }
}
