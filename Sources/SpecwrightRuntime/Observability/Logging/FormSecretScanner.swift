import Foundation

/// Replaces the values of secret `name=value` pairs in text: form bodies
/// (`application/x-www-form-urlencoded`), query strings and fragments, cookies, and URLs that
/// appear anywhere — inside a JSON string, a header value, an error message. The name is the run
/// of name characters before `=` (percent-decoded before matching, so `X%2DAmz%2DSignature`
/// cannot hide); the value runs to the next delimiter (`&`, `;`, `,`, `#`, quotes, brackets or
/// white space).
struct FormSecretScanner {
    let isSecret: (String) -> Bool

    private static let marker = Array(Redactor.marker.utf8)
    private static let valueDelimiters = Set("&;,# \t\r\n\"'<>()[]{}".utf8)

    func redact(_ input: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            let byte = input[index]
            output.append(byte)
            index += 1
            guard byte == UInt8(ascii: "=") else { continue }
            var nameStart = output.count - 1
            while nameStart > 0, Self.isNameByte(output[nameStart - 1]) { nameStart -= 1 }
            let name = String(decoding: output[nameStart..<(output.count - 1)], as: UTF8.self)
            guard !name.isEmpty, isSecret(name.removingPercentEncoding ?? name) else { continue }
            var valueEnd = index
            while valueEnd < input.count, !Self.valueDelimiters.contains(input[valueEnd]) { valueEnd += 1 }
            guard valueEnd > index else { continue }
            output.append(contentsOf: Self.marker)
            index = valueEnd
        }
        return output
    }

    /// Letters, digits, `_ - . % + [ ]` (a form name such as `user[password]` keeps its brackets).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "%"), UInt8(ascii: "+"),
            UInt8(ascii: "["), UInt8(ascii: "]"):
            return true
        default:
            return false
        }
    }
}

/// Redacts `multipart/form-data` bodies part by part: a part whose `name` (from its
/// `Content-Disposition`) is secret shows `<redacted>` instead of its content; other parts are
/// redacted as text (JSON members, `name=value` pairs).
struct MultipartSecretScanner {
    let isSecret: (String) -> Bool
    let redactText: ([UInt8]) -> [UInt8]

    /// The boundary of a `multipart/…; boundary=X` content type or, without one, of a body whose
    /// first line is `--X`.
    static func boundary(contentType: String?, body: [UInt8]) -> String? {
        if let contentType, contentType.lowercased().hasPrefix("multipart/"),
            let range = contentType.range(of: "boundary=", options: .caseInsensitive)
        {
            let value = contentType[range.upperBound...].prefix { $0 != ";" }
            let trimmed = value.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
            return trimmed.isEmpty ? nil : trimmed
        }
        guard body.starts(with: Array("--".utf8)) else { return nil }
        let line = body.prefix(200).prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }
        guard line.count > 2, line.count < 200, !line.contains(UInt8(ascii: " ")) else { return nil }
        return String(decoding: line.dropFirst(2), as: UTF8.self)
    }

    func redact(_ input: [UInt8], boundary: String) -> [UInt8] {
        let delimiter = Array("--\(boundary)".utf8)
        var output: [UInt8] = []
        var rest = input[...]
        while let range = Self.firstRange(of: delimiter, in: rest) {
            output.append(contentsOf: redactPart(rest[rest.startIndex..<range.lowerBound]))
            output.append(contentsOf: delimiter)
            rest = rest[range.upperBound...]
        }
        output.append(contentsOf: redactPart(rest))
        return output
    }

    /// One part: its header block as it is, its content redacted (or replaced when the part is secret).
    private func redactPart(_ part: ArraySlice<UInt8>) -> [UInt8] {
        let separator =
            Self.firstRange(of: Array("\r\n\r\n".utf8), in: part) ?? Self.firstRange(of: Array("\n\n".utf8), in: part)
        guard let separator else { return redactText(Array(part)) }
        let headers = String(decoding: part[part.startIndex..<separator.lowerBound], as: UTF8.self)
        let content = part[separator.upperBound...]
        var output = Array(part[part.startIndex..<separator.upperBound])
        if let name = Self.partName(headers), isSecret(name) {
            output.append(contentsOf: Array(Redactor.marker.utf8))
            if content.hasSuffix("\r\n") { output.append(contentsOf: Array("\r\n".utf8)) }
        } else {
            output.append(contentsOf: redactText(Array(content)))
        }
        return output
    }

    /// The `name="…"` parameter of the part's `Content-Disposition`.
    private static func partName(_ headers: String) -> String? {
        var searchStart = headers.startIndex
        while let range = headers.range(of: "name=\"", options: .caseInsensitive, range: searchStart..<headers.endIndex)
        {
            // `filename="…"` also contains `name="`: only a parameter of its own counts.
            if range.lowerBound == headers.startIndex || !headers[headers.index(before: range.lowerBound)].isLetter {
                return String(headers[range.upperBound...].prefix { $0 != "\"" })
            }
            searchStart = range.upperBound
        }
        return nil
    }

    fileprivate static func firstRange(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Range<Int>? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var index = haystack.startIndex
        while index <= haystack.endIndex - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index..<(index + needle.count)
            }
            index += 1
        }
        return nil
    }
}

extension MultipartSecretScanner {
    /// Multipart text outside a multipart body — echoed inside a JSON string (quotes and line
    /// breaks escaped) or cut from its boundary line: after every `name="…"` that is secret, the
    /// content following the next blank line (within the part's 1 KB header block), up to the
    /// next line break, is replaced.
    static func redactDispositions(_ input: [UInt8], isSecret: (String) -> Bool) -> [UInt8] {
        let key = Array("name=".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            guard input[index] == key[0], index + key.count <= input.count,
                input[index..<(index + key.count)].elementsEqual(key),
                index == 0 || !isLetter(input[index - 1])
            else {
                output.append(input[index])
                index += 1
                continue
            }
            var nameStart = index + key.count
            if nameStart < input.count, input[nameStart] == UInt8(ascii: "\\") { nameStart += 1 }
            guard nameStart < input.count, input[nameStart] == UInt8(ascii: "\""),
                let nameEnd = input[(nameStart + 1)...].firstIndex(where: {
                    $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
                }),
                isSecret(String(decoding: input[(nameStart + 1)..<nameEnd], as: UTF8.self)),
                let blank = firstRange(of: blankLines, in: input[nameEnd..<min(input.count, nameEnd + 1024)])
            else {
                output.append(input[index])
                index += 1
                continue
            }
            output.append(contentsOf: input[index..<blank.upperBound])
            let contentEnd = firstRange(of: lineBreaks, in: input[blank.upperBound...])?.lowerBound ?? input.count
            output.append(contentsOf: Array(Redactor.marker.utf8))
            index = contentEnd
        }
        return output
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
    }

    /// The first blank line, raw or escaped as in a JSON string.
    private static func firstRange(of candidates: [[UInt8]], in haystack: ArraySlice<UInt8>) -> Range<Int>? {
        candidates.compactMap { firstRange(of: $0, in: haystack) }.min { $0.lowerBound < $1.lowerBound }
    }

    private static let blankLines = [
        Array("\r\n\r\n".utf8), Array("\n\n".utf8), Array(#"\r\n\r\n"#.utf8), Array(#"\n\n"#.utf8)
    ]
    private static let lineBreaks = [Array("\r".utf8), Array("\n".utf8), Array(#"\r"#.utf8), Array(#"\n"#.utf8)]
}

extension ArraySlice where Element == UInt8 {
    fileprivate func hasSuffix(_ text: String) -> Bool {
        let suffix = Array(text.utf8)
        return count >= suffix.count && self.suffix(suffix.count).elementsEqual(suffix)
    }
}
