import Foundation

/// The `Cache-Control` directives a private client cache acts on (RFC 9111 §5.2, RFC 5861).
///
/// Unknown directives are ignored, as RFC 9111 §5.2.3 requires; a malformed delta-seconds value
/// makes that directive absent, except `max-age`, which a malformed value turns into 0 (stale), the
/// conservative reading RFC 9111 §4.2.1 recommends. A value too large to represent is 2^31
/// (RFC 9111 §1.2.2, `DeltaSeconds`), never a trap.
struct CacheControl: Sendable, Hashable {
    var maxAge: TimeInterval?
    var noStore = false
    var noCache = false
    var mustRevalidate = false
    var staleWhileRevalidate: TimeInterval?
    var staleIfError: TimeInterval?
    /// Request directive: the client will accept a response at most this stale.
    var maxStale: TimeInterval?
    /// Request directive: the response must stay fresh for at least this long.
    var minFresh: TimeInterval?
    var onlyIfCached = false

    /// Parses every `Cache-Control` value in `headers` (names compared case-insensitively).
    init(headers: [String: String]) {
        self.init(HeaderLookup.value("Cache-Control", in: headers) ?? "")
        // HTTP/1.0 `Pragma: no-cache` counts only when Cache-Control is absent (RFC 9111 §5.4).
        if HeaderLookup.value("Cache-Control", in: headers) == nil,
            let pragma = HeaderLookup.value("Pragma", in: headers), pragma.lowercased().contains("no-cache")
        {
            noCache = true
        }
    }

    /// Parses one header value such as `max-age=60, stale-while-revalidate=30`.
    init(_ value: String) {
        for part in value.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            let name = pieces.first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            let argument = pieces.count > 1
                ? pieces[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                : nil
            let seconds = argument.flatMap(DeltaSeconds.parse)
            switch name {
            case "max-age": maxAge = seconds ?? 0
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "must-revalidate", "proxy-revalidate": mustRevalidate = true
            case "stale-while-revalidate": staleWhileRevalidate = seconds
            case "stale-if-error": staleIfError = seconds
            case "max-stale": maxStale = argument == nil ? .infinity : seconds
            case "min-fresh": minFresh = seconds
            case "only-if-cached": onlyIfCached = true
            default: continue
            }
        }
    }
}

/// Case-insensitive access to header dictionaries (HTTP field names are case-insensitive).
enum HeaderLookup {
    /// The value of `name`, comparing names case-insensitively.
    static func value(_ name: String, in headers: [String: String]) -> String? {
        if let exact = headers[name] { return exact }
        // ASCII case folding byte by byte: no lowered copy of each key (this runs on every cache hit).
        return headers.first { HTTPHeader.namesMatch($0.key, name) }?.value
    }

    /// `headers` with `name` set to `value`, replacing any entry spelled differently.
    static func setting(_ name: String, to value: String, in headers: [String: String]) -> [String: String] {
        var result = headers.filter { !HTTPHeader.namesMatch($0.key, name) }
        result[name] = value
        return result
    }
}

extension HeaderLookup {
    /// Ordered header fields as a dictionary; repeated names are joined with ", " (RFC 9110 §5.3).
    static func dictionary(_ fields: [HTTPHeader]) -> [String: String] {
        var result = [String: String](minimumCapacity: fields.count)
        for field in fields {
            let name = field.name.lowercased()
            if let existing = result[name] {
                result[name] = existing + ", " + field.value
            } else {
                result[name] = field.value
            }
        }
        return result
    }
}
