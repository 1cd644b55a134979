// swift-format-ignore-file
// (The samples in this file are shown verbatim in the docs, and a test compares them.)
import Foundation
import SpecwrightRuntime

// The Swift samples of docs/runtime-data.md, verbatim, compiled against the client the plugin
// generates from specs/bookstore.yaml. `RuntimeDataDocSampleTests` checks that every sample of
// the document still appears here, and runs the screen against the bookstore fixture.

/// Stands in for the app's sign-in state in the samples.
actor AppSession {
    var token: String? = "token-0"
    var userID: String? = "reader-1"

    func signedOut() {
        token = nil
        userID = nil
    }
}

enum RuntimeDataDocSamples {
    static func setUp(session: AppSession, caches: URL, support: URL) throws -> (BookstoreClient, Outbox, OutboxFlusher) {
        let client = BookstoreClient(configuration: ClientConfiguration(
            tokenProvider: TokenProvider(
                token: { await session.token },
                account: { await session.userID }),        // the cache follows the signed-in account
            dataLayer: DataLayerConfiguration(
                cache: HTTPCache(fileURL: caches.appendingPathComponent("http.sqlite")))))
        let outbox = try Outbox(fileURL: support.appendingPathComponent("outbox.sqlite"))
        let flusher = OutboxFlusher(client: client.client, outbox: outbox)   // connectivity: .system
        flusher.start()                           // sends what an earlier run left, then flushes by itself
        return (client, outbox, flusher)
    }

    static func perCall(client: BookstoreClient) async throws -> [[Book]] {
        let fresh = try await client.books.list(cache: .reload)             // pull-to-refresh: always asks
        let stored = try await client.books.list(cache: .cacheOnly)         // never asks; .notCached without a copy
        let any = try await client.books.list(cache: .cacheElseNetwork)     // a stored copy of any age, else asks
        let pinned = try await client.books.list(cache: .policy(.cacheFirst(ttl: 600), lifetime: .app))  // the app's 10 min
        return [fresh, stored, any, pinned]
    }

    static func gate(client: BookstoreClient, apply: (AppConfig) -> Void) async throws {
        let now = try client.client.gateConfig(as: AppConfig.self)                     // nil before the first
        for try await config in client.client.gateConfigUpdates(as: AppConfig.self) {  // "ready", then each refresh
            apply(config)
        }
        try await client.client.refreshGate()                                          // fetch it now
        _ = now
    }

    static func invalidation(client: BookstoreClient, id: UUID) throws {
        try client.client.invalidate(BooksEndpoint.get(id: id))     // that URL, every account
        client.client.invalidate(operation: "books.get")           // every id
        try client.client.invalidate(pathPrefix: "/books")          // /books, /books?page=2, /books/1/…
    }
}

/// What the book list screen shows.
struct BookListState: Sendable {
    var books: [Book] = []
    var age: TimeInterval?          // how old the stored copy shown is; nil when fresh from the server
    var isOfflineCopy = false       // the network failed and the stored copy answered
    var adding: [BookDraft] = []    // writes not delivered yet, shown optimistically
    var error: SpecwrightError?
}

/// The screen's model: it binds to live values and never waits for the network to show something.
@MainActor final class BookListModel {
    private(set) var state = BookListState()
    let client: BookstoreClient
    let outbox: Outbox

    init(client: BookstoreClient, outbox: Outbox) {
        self.client = client
        self.outbox = outbox
    }

    /// Runs while the screen is visible (cancel the task to stop).
    func show() async {
        do {
            for try await list in client.books.observeList() {   // stored copy, then fresh, then every change
                state.books = list.value
                state.age = list.metadata.cacheAge
                state.isOfflineCopy = list.metadata.isNetworkFallback
            }
        } catch {
            state.error = error as? SpecwrightError   // only when there is nothing to show
        }
    }

    /// Pull-to-refresh: one request even when the stored copy is fresh; `show()` receives the answer.
    func refresh() async {
        do {
            _ = try await client.books.listResponse(cache: .reload)
        } catch {
            state.error = error as? SpecwrightError   // offline: the stored copy stays on screen
        }
    }

    /// Adds a book at once, offline too: the write waits in the outbox and is sent exactly once.
    func add(_ draft: BookDraft) throws {
        try client.client.enqueue(BooksEndpoint.create(body: draft, xRequestId: nil), in: outbox)
    }

    /// Runs next to `show()`: the writes still on their way.
    func showPendingWrites() async {
        for await entries in outbox.pendingWrites(of: "books.create") {
            state.adding = entries.compactMap { try? $0.body(as: BookDraft.self) }
        }
    }

    /// Signing out: the account's cached responses go with it, other accounts' stay.
    func signOut(_ session: AppSession) async {
        await client.client.signOut()   // before forgetting the token: it names the account
        await session.signedOut()
    }
}
