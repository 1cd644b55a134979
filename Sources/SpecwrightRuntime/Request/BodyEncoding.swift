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
            let text = fields.map { "\(PercentEncoding.encodeFormComponent($0.name))=\(PercentEncoding.encodeFormComponent($0.value))" }
                .joined(separator: "&")
            return (Data(text.utf8), "application/x-www-form-urlencoded")
        case .multipart(let parts):
            let boundary = "specwright-\(UUID().uuidString)"
            return (Self.multipartBody(parts, boundary: boundary), "multipart/form-data; boundary=\(boundary)")
        }
    }

    /// RFC 7578 body; quotes and line breaks in names are escaped so they cannot break the part headers.
    static func multipartBody(_ parts: [MultipartPart], boundary: String) -> Data {
        var body = Data()
        for part in parts {
            body.append(Data("--\(boundary)\r\n".utf8))
            var disposition = "Content-Disposition: form-data; name=\"\(escape(part.name))\""
            if let filename = part.filename { disposition += "; filename=\"\(escape(filename))\"" }
            body.append(Data("\(disposition)\r\n".utf8))
            if let contentType = part.contentType { body.append(Data("Content-Type: \(escape(contentType))\r\n".utf8)) }
            body.append(Data("\r\n".utf8))
            body.append(part.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}
