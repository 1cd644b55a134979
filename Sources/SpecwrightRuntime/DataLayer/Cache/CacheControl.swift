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
    /// `private`: for one user only (RFC 9111 §5.2.2.7).
    var isPrivate = false
    /// `public` or `s-maxage`: a shared cache may store it even for an authenticated request
    /// (RFC 9111 §3.5; `must-revalidate` allows it too).
    var allowsSharedStorage = false

    /// Parses every `Cache-Control` value in `headers` (names compared case-insensitively).
    init(headers: [String: String]) {
        let value = HeaderLookup.value("Cache-Control", in: headers)
        self.init(value ?? "")
        // HTTP/1.0 `Pragma: no-cache` counts only when Cache-Control is absent (RFC 9111 §5.4).
        if value == nil,
            let pragma = HeaderLookup.value("Pragma", in: headers), pragma.lowercased().contains("no-cache")
        {
            noCache = true
        }
    }

    /// Parses one header value such as `max-age=60, stale-while-revalidate=30` (RFC 9111 §5.2:
    /// `#( token [ "=" ( token / quoted-string ) ] )`; a comma inside a quoted string does not end
    /// the directive). Byte by byte, without Foundation: it runs several times on every cache hit.
    init(_ value: String) {
        for (name, argument) in Self.directives(in: value) {
            let seconds = argument.flatMap(DeltaSeconds.parse)
            if HTTPWhitespace.equalsIgnoringCase(name, "max-age") {
                maxAge = seconds ?? 0
            } else if HTTPWhitespace.equalsIgnoringCase(name, "no-store") {
                noStore = true
            } else if HTTPWhitespace.equalsIgnoringCase(name, "no-cache") {
                noCache = true
            } else if HTTPWhitespace.equalsIgnoringCase(name, "must-revalidate")
                || HTTPWhitespace.equalsIgnoringCase(name, "proxy-revalidate")
            {
                mustRevalidate = true
            } else if HTTPWhitespace.equalsIgnoringCase(name, "stale-while-revalidate") {
                staleWhileRevalidate = seconds
            } else if HTTPWhitespace.equalsIgnoringCase(name, "stale-if-error") {
                staleIfError = seconds
            } else if HTTPWhitespace.equalsIgnoringCase(name, "max-stale") {
                maxStale = argument == nil ? .infinity : seconds
            } else if HTTPWhitespace.equalsIgnoringCase(name, "min-fresh") {
                minFresh = seconds
            } else if HTTPWhitespace.equalsIgnoringCase(name, "only-if-cached") {
                onlyIfCached = true
            } else if HTTPWhitespace.equalsIgnoringCase(name, "private") {
                isPrivate = true
            } else if HTTPWhitespace.equalsIgnoringCase(name, "public")
                || HTTPWhitespace.equalsIgnoringCase(name, "s-maxage")
            {
                allowsSharedStorage = true
            }
        }
    }

    /// The directives of a `Cache-Control` value: each name, and its argument without the quotes
    /// of a quoted string (escapes kept as sent; arguments the cache reads are digits).
    static func directives(in value: String) -> [(name: Substring, argument: Substring?)] {
        let utf8 = value.utf8
        let end = utf8.endIndex
        var result: [(name: Substring, argument: Substring?)] = []
        var index = utf8.startIndex
        func skip(while condition: (UInt8) -> Bool) {
            while index < end, condition(utf8[index]) { index = utf8.index(after: index) }
        }
        while index < end {
            skip { $0 == UInt8(ascii: ",") || HTTPWhitespace.isOptionalWhitespace($0) }
            guard index < end else { break }
            let nameStart = index
            skip { $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: ",") && !HTTPWhitespace.isOptionalWhitespace($0) }
            let name = value[nameStart..<index]
            skip(while: HTTPWhitespace.isOptionalWhitespace)
            var argument: Substring?
            if index < end, utf8[index] == UInt8(ascii: "=") {
                index = utf8.index(after: index)
                skip(while: HTTPWhitespace.isOptionalWhitespace)
                if index < end, utf8[index] == UInt8(ascii: "\"") {
                    index = utf8.index(after: index)
                    let start = index
                    while index < end, utf8[index] != UInt8(ascii: "\"") {
                        if utf8[index] == UInt8(ascii: "\\"), utf8.index(after: index) < end {
                            index = utf8.index(after: index)
                        }
                        index = utf8.index(after: index)
                    }
                    argument = value[start..<index]
                } else {
                    let start = index
                    skip { $0 != UInt8(ascii: ",") && !HTTPWhitespace.isOptionalWhitespace($0) }
                    argument = value[start..<index]
                }
            }
            if !name.isEmpty { result.append((name, argument)) }
            skip { $0 != UInt8(ascii: ",") }
        }
        return result
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
