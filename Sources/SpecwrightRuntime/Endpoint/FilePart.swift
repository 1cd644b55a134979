import Foundation

/// A file sent in a `multipart/form-data` body: its bytes, the file name the server sees and
/// the content type the caller chose. Generated methods take a `FilePart` (or `[FilePart]`) for
/// every file field of a multipart body, however the document spells it.
///
/// ```swift
/// let photo = FilePart(data: jpegBytes, filename: "holiday.jpg", contentType: "image/jpeg")
/// let video = FilePart(fileURL: URL(fileURLWithPath: "/tmp/clip.mov"), contentType: "video/quicktime")
/// ```
///
/// The bytes come from memory or from a file on disk (``Source``); a file is read only when the
/// request is sent, and a transport that streams uploads reads it in chunks instead of loading it.
public struct FilePart: Sendable, Hashable {
    /// Where the bytes of a file part come from.
    public enum Source: Sendable, Hashable {
        /// Bytes already in memory.
        case data(Data)
        /// A file on disk (a `file:` URL), read when the request is sent.
        case file(URL)
    }

    /// Where the bytes come from.
    public var source: Source
    /// The file name sent in the part's `Content-Disposition` (`filename="…"`). Quotes and line
    /// breaks are escaped on the wire, so a name cannot add header lines; non-ASCII names are sent
    /// as UTF-8 and, in addition, as an RFC 8187 `filename*` parameter.
    public var filename: String
    /// The part's `Content-Type`; `nil` sends the type the operation declares for the field, else
    /// `application/octet-stream`.
    public var contentType: String?

    /// A file whose bytes are in memory.
    public init(data: Data, filename: String, contentType: String? = nil) {
        self.source = .data(data)
        self.filename = filename
        self.contentType = contentType
    }

    /// A file on disk, read when the request is sent (a transport that streams uploads reads it in
    /// chunks). `filename` defaults to the URL's last path component.
    public init(fileURL: URL, filename: String? = nil, contentType: String? = nil) {
        self.source = .file(fileURL)
        self.filename = filename ?? fileURL.lastPathComponent
        self.contentType = contentType
    }
}

extension FilePart {
    /// The content type of a file that names none: `application/octet-stream` (RFC 2046 §4.5.1).
    static let defaultContentType = "application/octet-stream"

    /// This file, with `contentType` set to `type` when it names none. Generated methods whose
    /// request body is a file (`application/octet-stream`, `image/png`, …) send
    /// `.file(body.withDefaultContentType("image/png"))`: the caller's content type wins, the
    /// operation's declared one is the default.
    public func withDefaultContentType(_ type: String) -> FilePart {
        var file = self
        file.contentType = contentType ?? type
        return file
    }
}

extension FilePart.Source {
    /// The number of bytes: the data's count, or the file's size on disk. Throws
    /// ``SpecwrightError/Kind/invalidRequest(_:)`` when the file cannot be read.
    public func byteCount() throws(SpecwrightError) -> Int64 {
        switch self {
        case .data(let data):
            return Int64(data.count)
        case .file(let url):
            do {
                let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
                guard (attributes[.type] as? FileAttributeType) != .typeDirectory,
                    let size = attributes[.size] as? NSNumber
                else {
                    throw CocoaError(.fileReadUnknown)
                }
                return size.int64Value
            } catch {
                throw Self.unreadable(url, error)
            }
        }
    }

    /// All the bytes: the data, or the file's contents (mapped when the platform allows). Throws
    /// ``SpecwrightError/Kind/invalidRequest(_:)`` when the file cannot be read.
    public func loadedData() throws(SpecwrightError) -> Data {
        switch self {
        case .data(let data):
            return data
        case .file(let url):
            do {
                return try Data(contentsOf: url, options: .mappedIfSafe)
            } catch {
                throw Self.unreadable(url, error)
            }
        }
    }

    private static func unreadable(_ url: URL, _ error: any Error) -> SpecwrightError {
        SpecwrightError(.invalidRequest("the file \(url.path) could not be read: \(error.localizedDescription)"))
    }
}
