import Foundation

extension RequestBody {
    /// The bytes and content type of the body. `encoder` carries the service's date coding.
    func encoded(with encoder: JSONEncoder) throws(SpecwrightError) -> (data: Data, contentType: String) {
        switch self {
        case .json(let value):
            do {
                return (try encoder.encode(value), "application/json")
            } catch {
                throw SpecwrightError(.invalidRequest("the JSON body could not be encoded: \(error)"))
            }
        case .data(let data, let contentType):
            return (data, contentType)
        case .formURLEncoded(let fields):
            let text = fields.map {
                "\(PercentEncoding.encodeFormComponent($0.name))=\(PercentEncoding.encodeFormComponent($0.value))"
            }
            .joined(separator: "&")
            return (Data(text.utf8), "application/x-www-form-urlencoded")
        case .multipart(let parts):
            let boundary = MultipartEncoding.makeBoundary()
            return (
                try MultipartEncoding.body(parts, boundary: boundary), MultipartEncoding.contentType(boundary: boundary)
            )
        case .file(let file):
            return (try file.source.loadedData(), file.contentType ?? FilePart.defaultContentType)
        }
    }

    /// The body as a stream when it holds a file on disk — a file body (sent from the file itself)
    /// or a multipart body with file parts (produced from the files chunk by chunk:
    /// `MultipartStream`) — with its content type; `nil` for bodies encoded in memory.
    func streamed() throws(SpecwrightError) -> (body: HTTPBody, contentType: String)? {
        switch self {
        case .file(let file):
            guard case .file(let url) = file.source else { return nil }
            _ = try file.source.byteCount()  // a readable regular file, or a located error now
            do {
                return (try HTTPBody(contentsOf: url), file.contentType ?? FilePart.defaultContentType)
            } catch {
                throw SpecwrightError(
                    .invalidRequest("the file \(url.path) could not be read: \(error.localizedDescription)"))
            }
        case .multipart(let parts):
            guard parts.contains(where: \.isFileOnDisk) else { return nil }
            let boundary = MultipartEncoding.makeBoundary()
            let stream = try MultipartStream(parts, boundary: boundary)
            return (
                HTTPBody(replayable: stream, length: stream.length), MultipartEncoding.contentType(boundary: boundary)
            )
        case .json, .data, .formURLEncoded:
            return nil
        }
    }
}

extension MultipartPart {
    /// Whether the part's bytes are a file on disk.
    var isFileOnDisk: Bool {
        if case .file = source { return true }
        return false
    }
}
