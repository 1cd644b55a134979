import Foundation

/// Writes `multipart/form-data` bodies (RFC 7578). The pieces are separate so that a transport
/// that streams uploads can write each part's header block, then copy the part's ``FilePart/Source``
/// from disk, then the closing delimiter, without building the whole body in memory.
///
/// Names and file names cannot break the part headers: `"`, CR, LF and the other control
/// characters are percent-encoded inside the quoted string, as browsers do (WHATWG HTML,
/// "multipart/form-data encoding algorithm"). A file name with non-ASCII characters is sent as
/// UTF-8 in `filename` (what RFC 7578 §4.2 and browsers do, and what most servers read) and also
/// as `filename*=UTF-8''…` (RFC 8187), for servers that read only the extended parameter.
enum MultipartEncoding {
    /// A fresh boundary: a prefix and a random UUID, which no part can contain by chance.
    static func makeBoundary() -> String {
        "specwright-\(UUID().uuidString)"
    }

    /// The `Content-Type` of a body with this boundary.
    static func contentType(boundary: String) -> String {
        "multipart/form-data; boundary=\(boundary)"
    }

    /// The whole body in memory; file sources are read here. Throws
    /// ``SpecwrightError/Kind/invalidRequest(_:)`` for an unreadable file or a content type
    /// with a line break.
    static func body(_ parts: [MultipartPart], boundary: String) throws(SpecwrightError) -> Data {
        var body = Data()
        for part in parts {
            body.append(try header(of: part, boundary: boundary))
            body.append(try part.source.loadedData())
            body.append(partEnd)
        }
        body.append(closing(boundary: boundary))
        return body
    }

    /// The delimiter and header lines before `part`'s bytes, ending with the empty line.
    static func header(of part: MultipartPart, boundary: String) throws(SpecwrightError) -> Data {
        var text = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(quoted(part.name))\""
        if let filename = part.filename {
            text += "; filename=\"\(quoted(filename))\""
            if !filename.unicodeScalars.allSatisfy(\.isASCII) {
                text += "; filename*=UTF-8''\(extendedValue(filename))"
            }
        }
        text += "\r\n"
        if let contentType = part.contentType {
            guard !contentType.unicodeScalars.contains(where: isControl) else {
                throw SpecwrightError(
                    .invalidRequest("the content type of multipart part '\(part.name)' contains a control character"))
            }
            text += "Content-Type: \(contentType)\r\n"
        }
        text += "\r\n"
        return Data(text.utf8)
    }

    /// The line break that ends each part's bytes.
    static let partEnd = Data("\r\n".utf8)

    /// The closing delimiter after the last part.
    static func closing(boundary: String) -> Data {
        Data("--\(boundary)--\r\n".utf8)
    }

    /// `text` for a quoted parameter value: `"`, CR, LF and other control characters as `%XX`.
    static func quoted(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\"" || isControl($0) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\"" || isControl(scalar) {
                result += percentEncoded(UInt8(scalar.value))
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// RFC 8187 `value-chars`: attribute characters as they are, every other UTF-8 byte as `%XX`.
    static func extendedValue(_ text: String) -> String {
        let attributeCharacters = Set("!#$&+-.^_`|~".utf8)
        var result = ""
        for byte in text.utf8 {
            let isAlphanumeric =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            if isAlphanumeric || attributeCharacters.contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += percentEncoded(byte)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }

    private static func percentEncoded(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}
