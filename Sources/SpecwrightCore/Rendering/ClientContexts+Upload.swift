import Mustache

/// The upload-with-progress form of an endpoint whose request body is bytes, a file or a
/// multipart form (``IR/Endpoint/hasUploadBody``):
/// `name(…, progress: @escaping @Sendable (TransferProgress) -> Void) async throws -> Response`,
/// through `APIClient.upload(_:as:progress:)` / `upload(_:progress:)` / `uploadText(_:progress:)`:
/// the same request and result, plus the bytes of the body sent so far and its size. A `FilePart`
/// made from a file URL (the whole body, or a file part of a multipart form) is streamed from
/// disk, never loaded whole.
extension ClientContexts {
    func uploadForm(_ endpoint: IR.Endpoint, group: IR.EndpointGroup) -> TransferForm {
        let progress = Self.freeName("progress", taken: Set(endpoint.parameters.map(\.name.name)))
        let returns: String
        var trailing = ["progress: " + progress]
        var (prefix, suffix, method) = ("", ".value", "upload")
        switch endpoint.response {
        case .json(let type):
            returns = " async throws -> " + type.code
            trailing.insert("as: " + type.code + ".self", at: 0)
        case .binary: returns = " async throws -> Data"
        case .text: (returns, method) = (" async throws -> String", "uploadText")
        case .none, .stream: (returns, prefix, suffix) = (" async throws", "_ = ", "")
        }
        return TransferForm(
            declarations: [
                (progress == "progress" ? "" : "progress ") + progress
                    + ": @escaping @Sendable (TransferProgress) -> Void"
            ],
            arguments: ["progress: " + progress], labels: "progress:", returns: returns,
            call: prefix + send(endpoint, group: group, method: method, trailing: trailing, suffix: suffix),
            doc: [
                "/// Sends the request with its body's progress: `\(progress)` gets the bytes sent and the",
                "/// body's size as they go out (a file is streamed from disk, never loaded whole). A retry",
                "/// sends the body again from its start, so the bytes sent start over from 0."
            ])
    }
}

extension IR.Endpoint {
    /// Whether the client also gets an upload method with progress: the request body is bytes, a
    /// file or a multipart form, and the response is one value (not a stream, not a batch).
    var hasUploadBody: Bool {
        guard batch == nil else { return false }
        if case .stream = response { return false }
        switch body {
        case .binary?, .multipart?: return true
        case .json?, .formURLEncoded?, nil: return false
        }
    }
}
