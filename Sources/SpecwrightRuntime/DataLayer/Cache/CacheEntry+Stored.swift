import Foundation

/// Reading an entry back from a file an attacker may have edited: a row is used only when it is
/// something this cache could have written; anything else is a miss (and is overwritten by the
/// next store), never a trap and never a header injected into the next request.
extension CacheEntry {
    /// The entry a persistent row describes, or nil when the row is malformed: undecodable
    /// metadata, a key other than the one it is filed under, a status outside 100…599, a header
    /// that could not have come off the wire (a name that is not a token, a value with CR, LF or
    /// NUL — stored `ETag` and `Last-Modified` values are sent back as validators), or a time
    /// that is not finite. A stored `Set-Cookie` is dropped (`CacheEntry.unstoredFieldNames`).
    static func stored(metadata: Data, body: Data, filedUnder key: CacheKey, decoder: JSONDecoder) -> CacheEntry? {
        guard var entry = try? decoder.decode(CacheEntry.self, from: metadata), entry.key == key,
            entry.isWellFormed
        else { return nil }
        entry.body = body
        return entry.storable  // a row written before cookies were left out
    }

    /// Whether status, headers and times are within what a real response can have.
    var isWellFormed: Bool {
        guard (100...599).contains(status),
            requestTime.timeIntervalSinceReferenceDate.isFinite, responseTime.timeIntervalSinceReferenceDate.isFinite
        else { return false }
        return headers.allSatisfy { Self.isToken($0.key) && Self.isFieldValue($0.value) }
            && variant.names.count == variant.values.count
    }

    /// RFC 9110 §5.6.2 `token`.
    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    return true
                default:
                    return "!#$%&'*+-.^_`|~".utf8.contains(byte)
                }
            }
    }

    /// No CR, LF or NUL (RFC 9110 §5.5: they can never be part of a field value).
    private static func isFieldValue(_ value: String) -> Bool {
        !value.utf8.contains { $0 == 13 || $0 == 10 || $0 == 0 }
    }
}
