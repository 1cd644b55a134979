/// The commented starter spec `specwright init` writes. It validates as written (a test checks
/// it) and shows each part of the format once, so it doubles as a tour.
enum StarterSpec {
    /// The starter spec for a service called `name` (a Swift type-name prefix).
    static func text(name: String) -> String {
        """
        # A Specwright spec: edit it, then run `specwright validate` and `specwright generate`.
        # The full reference is docs/spec-format.md.
        specwright: 1                 # format version (required)
        name: \(name)                  # Swift prefix: \(name)Client, \(name)Client.service, …
        description: What this API is for, in one sentence.
        baseURL: https://api.example.com/v1
        headers:                      # sent with every request
          Accept: application/json
        auth: bearer                  # bearer | none | { apiKey: { header: X-Api-Key } } | { apiKey: { query: api_key } }
        jsonKeys: snake_case          # asIs (default) | snake_case: how property names map to JSON keys
        dates: iso8601                # iso8601 | secondsSince1970 | millisecondsSince1970
        defaults:                     # every endpoint inherits these
          timeout: 30                 # seconds
          retry: { max: 3, baseDelay: 0.5, maxDelay: 8 }
          cache: none                 # none | { policy: cacheFirst | networkFirst | staleWhileRevalidate, ttl: 300 }

        types:
          Item:
            description: One thing the API manages.
            properties:
              id: UUID
              name: String
              createdAt: Date
              note: { type: String?, description: "Free text; may be absent." }
              tags: { type: "[String]", default: [] }
              status: Status
          Status:
            enum: [active, archived]  # unknown server values decode to .unknown("…")
          ItemDraft:
            properties:
              name: String
              note: String?
          Problem:
            properties:
              message: String

        endpoints:
          items:                      # a group: ItemsEndpoint enum and client.items
            list:
              get: /items
              summary: Lists items, newest first.
              query:
                page: { type: Int, default: 1 }
                q: String?
              response: "[Item]"
              cache: { policy: networkFirst, ttl: 300 }   # offline: serve the last copy
            get:
              get: /items/{id}
              path: { id: UUID }
              response: Item
              errors: { 404: Problem } # typed error body
            create:
              post: /items
              body: ItemDraft
              response: Item
              idempotent: true        # retried safely with an Idempotency-Key
            delete:
              delete: /items/{id}
              path: { id: UUID }      # no response: the method returns Void

        """
    }
}
