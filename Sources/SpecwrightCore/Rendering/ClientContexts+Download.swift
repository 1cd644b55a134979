import Mustache

/// The download-to-file method of an endpoint with a binary response (``IR/Endpoint/download``):
/// `name(…, to destination: URL, progress: (@Sendable (TransferProgress) -> Void)?) async throws -> URL`,
/// a requirement of the group's protocol next to the method that returns `Data`, implemented with
/// `APIClient.download(_:to:progress:)` (memory bounded, no partial file left behind, resumed
/// after a cut connection).
extension ClientContexts {
    /// The method's context, shaped like the other methods' (`doc`, `requirement`, `signature`,
    /// `call`; never a batch).
    func downloadMethod(_ endpoint: IR.Endpoint, group: IR.EndpointGroup) -> MustacheValue {
        let taken = Set(endpoint.parameters.map(\.name.name))
        let destination = Self.freeName("destination", taken: taken)
        let progress = Self.freeName("progress", taken: taken)
        let call = send(
            endpoint, group: group, method: "download", trailing: ["to: " + destination, "progress: " + progress],
            suffix: ".value")
        return transferMethod(
            endpoint,
            extraParameters: [
                "to " + destination + ": URL",
                (progress == "progress" ? "" : "progress ") + progress + ": (@Sendable (TransferProgress) -> Void)?"
            ],
            returns: " async throws -> URL", call: call,
            doc: [
                "/// Downloads the response body into the file at `\(destination)` and returns it: written to a",
                "/// temporary file as it arrives and moved into place when complete (nothing is left behind",
                "/// after a failure or cancellation), resumed after a cut connection when the server allows.",
                "/// `\(progress)` gets the bytes received and the total as they arrive."
            ])
    }

    /// A method context next to the endpoint's own (`doc`, `requirement`, `signature`, `call`;
    /// never a batch): the endpoint's parameters followed by `extraParameters`, its documentation
    /// followed by `doc`.
    func transferMethod(
        _ endpoint: IR.Endpoint, extraParameters: [String], returns: String, call: String, doc extra: [String]
    ) -> MustacheValue {
        let parameters = parameterDeclarations(endpoint, withDefaults: false) + extraParameters
        var doc = SourceLayout.docLines(endpoint.documentation)
        if !doc.isEmpty { doc.append("///") }
        doc += extra
        return [
            "doc": .list(doc.map(MustacheValue.string)),
            "isFirst": .bool(false),
            "name": .string(endpoint.name.code),
            "requirement": .string(
                SourceLayout.call(head: "func " + endpoint.name.code, items: parameters, tail: returns)),
            "signature": .string(
                SourceLayout.call(
                    head: access.modifier + "func " + endpoint.name.code, items: parameters, tail: returns)),
            "isBatch": .bool(false),
            "batchCall": .string(""),
            "call": .string(call)
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
