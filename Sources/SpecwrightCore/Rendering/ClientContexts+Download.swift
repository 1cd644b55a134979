import Mustache

/// The transfer forms of an endpoint's method (``TransferForm``), next to the method itself:
/// - the download-to-file method of a binary response (``IR/Endpoint/download``):
///   `name(…, to destination: URL, progress: (@Sendable (TransferProgress) -> Void)?) async throws -> URL`,
///   through `APIClient.download(_:to:progress:)` (memory bounded, no partial file left behind,
///   resumed after a cut connection);
/// - the upload with progress (`ClientContexts+Upload.swift`).
/// Each is a requirement of the group's protocol and, when the endpoint has default arguments,
/// also has a form with them.
extension ClientContexts {
    /// What a transfer method adds to the endpoint's own: parameters, their labels, the arguments
    /// that forward them, its return clause, its `APIClient` call and its documentation.
    struct TransferForm {
        var declarations: [String]
        var arguments: [String]
        var labels: String
        var returns: String
        var call: String
        var doc: [String]
    }

    /// The endpoint's transfer forms: its download, its upload with progress (either, both or none).
    func transferForms(_ endpoint: IR.Endpoint, group: IR.EndpointGroup) -> [TransferForm] {
        (endpoint.download && endpoint.response == .binary ? [downloadForm(endpoint, group: group)] : [])
            + (endpoint.hasUploadBody ? [uploadForm(endpoint, group: group)] : [])
    }

    private func downloadForm(_ endpoint: IR.Endpoint, group: IR.EndpointGroup) -> TransferForm {
        let taken = Set(endpoint.parameters.map(\.name.name))
        let destination = Self.freeName("destination", taken: taken)
        let progress = Self.freeName("progress", taken: taken)
        let arguments = ["to: " + destination, "progress: " + progress]
        return TransferForm(
            declarations: [
                "to " + destination + ": URL",
                (progress == "progress" ? "" : "progress ") + progress + ": (@Sendable (TransferProgress) -> Void)?"
            ],
            arguments: arguments, labels: "to:progress:", returns: " async throws -> URL",
            call: send(endpoint, group: group, method: "download", trailing: arguments, suffix: ".value"),
            doc: [
                "/// Downloads the response body into the file at `\(destination)` and returns it: written to a",
                "/// temporary file as it arrives and moved into place when complete (nothing is left behind",
                "/// after a failure or cancellation), resumed after a cut connection when the server allows.",
                "/// `\(progress)` gets the bytes received and the total as they arrive."
            ])
    }

    /// A transfer method's context, shaped like the other methods' (`doc`, `requirement`,
    /// `signature`, `call`; never a batch): the endpoint's parameters followed by the form's, its
    /// documentation followed by the form's.
    func transferMethod(_ endpoint: IR.Endpoint, group: IR.EndpointGroup, form: TransferForm) -> MustacheValue {
        let parameters = parameterDeclarations(endpoint, withDefaults: false) + form.declarations
        var doc = SourceLayout.docLines(endpoint.documentation)
        if !doc.isEmpty { doc.append("///") }
        doc += form.doc
        return [
            "doc": .list(doc.map(MustacheValue.string)),
            "isFirst": .bool(false),
            "name": .string(endpoint.name.code),
            "requirement": .string(
                SourceLayout.call(head: "func " + endpoint.name.code, items: parameters, tail: form.returns)),
            "signature": .string(
                SourceLayout.call(
                    head: access.modifier + "func " + endpoint.name.code, items: parameters, tail: form.returns)),
            "isBatch": .bool(false),
            "batchCall": .string(""),
            "call": .string(form.call)
        ]
    }

    /// `name`, or `name` with a numeric suffix when a parameter of the endpoint is called that.
    static func freeName(_ name: String, taken: Set<String>) -> String {
        var candidate = name
        var number = 2
        while taken.contains(candidate) {
            candidate = name + String(number)
            number += 1
        }
        return candidate
    }
}
