import Foundation

/// The body of a request.
public enum RequestBody: Sendable {
    /// A value encoded as JSON with the service's date coding; `Content-Type: application/json`.
    case json(any Encodable & Sendable)
    /// Raw bytes with an explicit content type.
    case data(Data, contentType: String)
    /// `application/x-www-form-urlencoded` fields, in order.
    case formURLEncoded([FormField])
    /// `multipart/form-data` parts, in order (RFC 7578). When a part's bytes are a file on disk
    /// (`FilePart(fileURL:)`), the body is produced from the files as it is sent, never loaded whole.
    case multipart([MultipartPart])
    /// A file's bytes — in memory or on disk — as the whole body, with the file's content type
    /// (`application/octet-stream` when it has none). A file on disk is read as it is sent
    /// (`URLSessionTransport` uploads it straight from the file), never loaded whole.
    case file(FilePart)
}

/// One field of a URL-encoded form.
public struct FormField: Sendable, Hashable {
    /// The field name.
    public var name: String
    /// The field value.
    public var value: String

    /// Creates a form field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// One part of a `multipart/form-data` body.
public struct MultipartPart: Sendable, Hashable {
    /// The form field name.
    public var name: String
    /// The file name, for file parts.
    public var filename: String?
    /// The part's content type; `nil` means none is sent (text field).
    public var contentType: String?
    /// Where the part's bytes come from: memory, or a file read when the request is sent.
    public var source: FilePart.Source

    /// Creates a part holding `data`.
    public init(name: String, filename: String? = nil, contentType: String? = nil, data: Data) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.source = .data(data)
    }

    /// Creates the part of a file field: `file`'s bytes, file name and content type; when `file`
    /// has no content type, `defaultContentType` (what the operation declares for the field), else
    /// `application/octet-stream`.
    public init(name: String, file: FilePart, defaultContentType: String? = nil) {
        self.name = name
        self.filename = file.filename
        self.contentType = file.contentType ?? defaultContentType ?? "application/octet-stream"
        self.source = file.source
    }
}

extension MultipartPart {
    /// A part holding `value` as JSON (OpenAPI's default for object and array parts), encoded as
    /// a JSON body would be (the service's `dates`); `contentType` defaults to `application/json`.
    /// A value whose `encode(to:)` throws (generated types never do) gives an empty part.
    public init(
        name: String, contentType: String = "application/json", json value: some Encodable & Sendable, dates: DateCoding
    ) {
        self.init(name: name, contentType: contentType, data: StructuredValueText.json(value, dates: dates) ?? Data())
    }
}
