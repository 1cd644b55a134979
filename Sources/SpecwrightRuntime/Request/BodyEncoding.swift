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
            let boundary = MultipartEncoding.makeBoundary()
            return (try MultipartEncoding.body(parts, boundary: boundary), MultipartEncoding.contentType(boundary: boundary))
        }
    }
}
