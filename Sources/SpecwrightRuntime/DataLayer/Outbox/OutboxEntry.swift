import Foundation

/// A write as stored in the outbox: the request exactly as it will be sent (authentication is
/// added at send time, so a token refreshed in between is used — with the credentials the
/// endpoint asks for, not the service's default).
public struct OutboxRequest: Sendable, Hashable, Codable {
    /// The method, e.g. `POST`.
    public var method: String
    /// The absolute URL.
    public var url: URL
    /// The header fields in order, as name/value pairs (including `Idempotency-Key`).
    public var headers: [[String]]
    /// The body bytes.
    public var body: Data?
    /// The timeout in seconds.
    public var timeout: TimeInterval
    /// The credentials the write is sent with (the endpoint's `auth`); nil — rows written before
    /// the outbox stored it, or requests enqueued by hand — means the service's scheme.
    public var auth: AuthRequirement?
    /// Operations whose cached responses the delivered write removes (`EndpointOptions.invalidates`).
    public var invalidates: [String]

    /// Creates a stored request.
    public init(
        method: String, url: URL, headers: [[String]] = [], body: Data? = nil, timeout: TimeInterval = 30,
        auth: AuthRequirement? = nil, invalidates: [String] = []
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.auth = auth == .inherit ? nil : auth
        self.invalidates = invalidates
    }

    private enum CodingKeys: String, CodingKey {
        case method, url, headers, body, timeout, auth, invalidates
    }

    /// Reads a stored request; `auth` and `invalidates` may be absent (older rows). A stored
    /// `auth` naming a scheme this runtime does not know is an error, so the row is quarantined
    /// rather than sent with other credentials.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        method = try container.decode(String.self, forKey: .method)
        url = try container.decode(URL.self, forKey: .url)
        headers = try container.decode([[String]].self, forKey: .headers)
        body = try container.decodeIfPresent(Data.self, forKey: .body)
        timeout = try container.decode(TimeInterval.self, forKey: .timeout)
        invalidates = try container.decodeIfPresent([String].self, forKey: .invalidates) ?? []
        if let stored = try container.decodeIfPresent([[String]].self, forKey: .auth) {
            guard let requirement = OutboxAuthCoding.decode(stored) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .auth, in: container, debugDescription: "unknown authentication scheme")
            }
            auth = requirement
        }
    }

    /// Writes the request (`auth` in the form `OutboxAuthCoding` documents).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(method, forKey: .method)
        try container.encode(url, forKey: .url)
        try container.encode(headers, forKey: .headers)
        try container.encodeIfPresent(body, forKey: .body)
        try container.encode(timeout, forKey: .timeout)
        if !invalidates.isEmpty { try container.encode(invalidates, forKey: .invalidates) }
        if let auth { try container.encode(OutboxAuthCoding.encode(auth, service: .none), forKey: .auth) }
    }
}

/// One entry of the outbox: a pending write, or a dead-lettered one with its error.
public struct OutboxEntry: Sendable, Hashable, Identifiable {
    /// The entry's position in the outbox; entries are sent in increasing `id` order.
    public var id: Int64
    /// The operation, e.g. `books.create`.
    public var operationName: String
    /// The `Idempotency-Key` sent on every delivery attempt of this entry, across processes.
    public var idempotencyKey: String
    /// The request to send.
    public var request: OutboxRequest
    /// When the write was enqueued.
    public var enqueuedAt: Date
    /// How many flushes tried to deliver it.
    public var attempts: Int
    /// The last error, for entries that failed at least once.
    public var lastError: String?
    /// The HTTP status that dead-lettered the entry, when it was an HTTP error.
    public var failedStatus: Int?
}

/// A row of the outbox that was taken out of the queue because it is unsafe or unreadable — its
/// request blob does not decode, or it fails the checks made before sending (a destination off the
/// client's origin, a header that could inject a line). It is never sent; list it with
/// `Outbox.quarantined()` and remove it with `Outbox.discard(_:)`.
public struct OutboxQuarantinedEntry: Sendable, Hashable, Identifiable {
    /// The row's id.
    public var id: Int64
    /// The operation stored with it.
    public var operationName: String
    /// The idempotency key stored with it.
    public var idempotencyKey: String
    /// When it was enqueued (as stored).
    public var enqueuedAt: Date
    /// Why it was quarantined.
    public var reason: String
}

/// What the outbox holds right now.
public struct OutboxSnapshot: Sendable, Hashable {
    /// Writes still to be sent, in order.
    public var pending: [OutboxEntry]
    /// Dead-lettered writes (permanent failures), oldest first.
    public var failed: [OutboxEntry]
    /// Rows taken out of the queue as unreadable or unsafe, oldest first.
    public var quarantined: [OutboxQuarantinedEntry] = []
}

/// The outcome of one `flush`.
public struct OutboxFlushResult: Sendable, Hashable {
    /// Entries delivered (and removed).
    public var delivered: Int
    /// Entries moved to the dead-letter list.
    public var deadLettered: Int
    /// Entries still pending.
    public var remaining: Int
    /// Why the flush stopped before the outbox was empty (a transient failure), if it did.
    public var stoppedBecause: String?
    /// Rows this flush quarantined instead of sending (see `OutboxQuarantinedEntry`).
    public var quarantined: Int = 0
}

/// How the sender of a flush reports one delivery attempt (after its own retries).
public enum OutboxDelivery: Sendable, Hashable {
    /// The server accepted the write (2xx/3xx): remove it.
    case delivered
    /// The server rejected it for good (4xx other than 401, 408, 429): dead-letter it.
    case rejected(status: Int?, reason: String)
    /// It may succeed later (offline, timeout, 5xx, 408, 429, 401): keep it and stop the flush so
    /// later writes are not sent before it.
    case deferred(reason: String)
    /// It must never be sent (it failed the checks made before sending): quarantine it and go on.
    case quarantined(reason: String)

    /// The classification of an HTTP status.
    public static func forStatus(_ status: Int) -> OutboxDelivery {
        switch status {
        case ..<400: return .delivered
        case 401, 408, 429: return .deferred(reason: "HTTP \(status)")
        case 400..<500: return .rejected(status: status, reason: "HTTP \(status)")
        default: return .deferred(reason: "HTTP \(status)")
        }
    }
}

/// A failure of the outbox's own storage.
public struct OutboxError: Error, Sendable, CustomStringConvertible {
    /// What failed.
    public var reason: String

    /// A log-friendly description.
    public var description: String { "outbox storage failed: \(reason)" }
}
