import Foundation

/// Text bodies (`text/plain`, `text/csv`, `text/html`, XML …) as `String`: read with the charset
/// the `Content-Type` names (RFC 9110 §8.3.1; UTF-8 when it names none, as RFC 6657 and most
/// servers mean), written as UTF-8 unless the declared media type names another charset.
public enum TextBody {
    /// The charsets read and written, by their IANA names (lower-cased) and common aliases.
    static let encodings: [String: String.Encoding] = [
        "utf-8": .utf8, "utf8": .utf8, "us-ascii": .ascii, "ascii": .ascii,
        "iso-8859-1": .isoLatin1, "latin1": .isoLatin1, "iso_8859-1": .isoLatin1, "l1": .isoLatin1,
        "iso-8859-2": .isoLatin2, "latin2": .isoLatin2, "windows-1250": .windowsCP1250,
        "windows-1251": .windowsCP1251, "windows-1252": .windowsCP1252, "windows-1253": .windowsCP1253,
        "windows-1254": .windowsCP1254, "utf-16": .utf16, "utf-16be": .utf16BigEndian,
        "utf-16le": .utf16LittleEndian, "utf-32": .utf32, "utf-32be": .utf32BigEndian,
        "utf-32le": .utf32LittleEndian, "shift_jis": .shiftJIS, "euc-jp": .japaneseEUC, "iso-2022-jp": .iso2022JP,
        "macintosh": .macOSRoman
    ]

    /// The `charset` parameter of a media type (`text/plain; charset="ISO-8859-1"` → `iso-8859-1`), or nil.
    static func charset(of contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else {
                continue
            }
            let value = pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                in: CharacterSet(charactersIn: "\""))
            return value.lowercased()
        }
        return nil
    }

    /// Reads `body` as text in the charset `contentType` names (UTF-8 when none; a leading UTF-8
    /// byte order mark is dropped). A charset this runtime does not know, or bytes that are not
    /// text in it, throw a `SpecwrightError` of kind `decoding`, never trap.
    public static func decode(_ body: Data, contentType: String?) throws(SpecwrightError) -> String {
        let name = charset(of: contentType) ?? "utf-8"
        guard let encoding = encodings[name] else {
            throw SpecwrightError(
                .decoding(codingPath: "", message: "the response's charset '\(name)' is not supported"))
        }
        var bytes = body
        if encoding == .utf8, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let text = String(data: bytes, encoding: encoding) else {
            throw SpecwrightError(.decoding(codingPath: "", message: "the response body is not \(name) text"))
        }
        return text
    }

    /// The request body for `text` sent as `contentType`: encoded in the charset it names when
    /// that charset can hold the text, else as UTF-8 with `charset=utf-8` (a `text/*` type
    /// without a charset gets `charset=utf-8`, since HTTP's old default for text was ISO-8859-1).
    public static func requestBody(_ text: String, contentType: String) -> RequestBody {
        if let name = charset(of: contentType), let encoding = encodings[name],
            let data = text.data(using: encoding, allowLossyConversion: false)
        {
            return .data(data, contentType: contentType)
        }
        let base = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return .data(Data(text.utf8), contentType: (base.isEmpty ? "text/plain" : base) + "; charset=utf-8")
    }
}
