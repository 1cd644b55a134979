import Foundation

extension Outbox {
    /// The pending writes of one operation (e.g. `books.create`), at once and again after every
    /// change of the outbox — what a screen merges into the list it shows, optimistically, until
    /// the writes are delivered (a delivered write leaves the list; its result then comes from
    /// the server). Dead-lettered writes are in `changes` / `failed()`.
    public func pendingWrites(of operationName: String) -> AsyncStream<[OutboxEntry]> {
        let snapshots = changes
        return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let task = Task {
                var last: [OutboxEntry]?
                for await snapshot in snapshots {
                    let writes = snapshot.pending.filter { $0.operationName == operationName }
                    // An attempt count changing is not a change a screen shows.
                    if last.map({ $0.map(\.id) }) != writes.map(\.id) { continuation.yield(writes) }
                    last = writes
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

extension OutboxEntry {
    /// The write's JSON body decoded as `type` (the draft a screen shows while it is pending).
    /// Pass the client's decoder when the service uses custom date or key strategies.
    public func body<Body: Decodable>(as type: Body.Type, decoder: JSONDecoder = JSONDecoder()) throws -> Body {
        guard let body = request.body else {
            throw DecodingError.valueNotFound(type, .init(codingPath: [], debugDescription: "the write has no body"))
        }
        return try decoder.decode(type, from: body)
    }
}
