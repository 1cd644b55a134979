// What one `observe` update costs, for `Scripts/runtime-instructions.sh` (BENCH_SOURCES=this file,
// MODES="reload observe"): N sequential pull-to-refresh calls (`send(_:as:cache: .reload)` of a
// ~0.4 KB JSON object answered by `StubTransport`, stored in the memory tier of `HTTPCache`),
// (reload) with nobody observing, (observe) each awaited until an `observe` of the same URL has
// yielded the new value. observe − reload is the update: the change notification, the
// observer's memory-tier read, decoding and the yield. Public API of every runtime version since
// 72ba5e3 (#15's observe), so the same file measures a base commit and the working tree. Not a
// target of the package. The main thread waits on a semaphore (valgrind cannot run libdispatch's
// async main).
import Foundation
import SpecwrightRuntime

struct Book: Decodable, Sendable {
    struct Author: Decodable, Sendable { var name: String; var born: Int }
    var id: Int; var title: String; var authors: [Author]; var tags: [String]; var summary: String
    var published: Date; var rating: Double; var available: Bool
}
struct Get1K: Endpoint {
    var operationName: String { "bench.json1k" }
    var method: HTTPMethod { .get }
    var pathSegments: [String] { ["json1k"] }
    var options: EndpointOptions { EndpointOptions(cache: .cacheFirst(ttl: 0)) }
}
func run() async throws {
    let payload = Data(
        #"{"id":1,"title":"A book with a title","authors":[{"name":"Ann","born":1970},{"name":"Bob","born":1980}],"tags":["a","b","c"],"summary":"Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.","published":"2020-01-02T03:04:05Z","rating":4.5,"available":true}"#
            .utf8)
    let mode = CommandLine.arguments[1]
    let count = Int(CommandLine.arguments[2])!
    let stub = StubTransport(recordsRequests: false) { _ in
        HTTPResponse(
            status: 200, headers: ["content-type": "application/json", "cache-control": "max-age=3600"], body: payload)
    }
    let client = APIClient(
        service: ServiceDescription(name: "Bench", baseURL: URL(string: "https://example.com/bench")!),
        configuration: ClientConfiguration(
            transport: stub, logging: .disabled, dataLayer: DataLayerConfiguration(cache: HTTPCache())))
    let endpoint = Get1K()
    var values = client.observe(endpoint, as: Book.self).makeAsyncIterator()
    _ = try await values.next()  // nothing stored: the first fetch
    let observed = mode == "observe"
    // nobody observes
    if !observed { values = AsyncThrowingStream<APIResponse<Book>, any Error> { $0.finish() }.makeAsyncIterator() }
    func update() async throws {
        _ = try await client.send(endpoint, as: Book.self, cache: .reload)
        if observed { _ = try await values.next() }
    }
    for _ in 0..<50 { try await update() }
    let start = ContinuousClock.now
    for _ in 0..<count { try await update() }
    let elapsed = ContinuousClock.now - start
    let us = Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6
    print(mode, String(format: "%.2f µs/update", us / Double(count)))
}
let done = DispatchSemaphore(value: 0)
Task.detached {
    do { try await run() } catch { print("error", error) }; done.signal()
}
done.wait()
