import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransport {
    /// Linux: sets `body` on `urlRequest` as a stream read from its segments on the session's work
    /// queue (`BodyInputStream`), with `Content-Length`, and returns the stream; `nil` for a body
    /// that only an iteration can read (an app's async sequence, spooled instead) and on Apple
    /// platforms, where an upload task reads the file (or the spool) itself.
    ///
    /// FoundationNetworking gives a stream body no length (`_Body.stream`), so curl would frame it
    /// `Transfer-Encoding: chunked` next to our `Content-Length` — a request framed both ways,
    /// which RFC 9112 §6.2 forbids. curl decides on chunked only when the request names no
    /// `Transfer-Encoding` field; a field whose value is blank is one it names but never sends
    /// (CURLOPT_HTTPHEADER: a header without content is not sent). So the blank field turns
    /// chunked off, and the body goes out as `Content-Length` bytes, identity-encoded (measured
    /// with curl 7.88: the server reads the header block without `Transfer-Encoding` or `Expect`).
    static func attachStream(of body: HTTPBody, to urlRequest: inout URLRequest) throws -> BodyInputStream? {
        #if canImport(FoundationNetworking)
            guard let segments = try body.segments() else { return nil }
            let reader = BodySegmentReader(segments)
            urlRequest.setValue(String(reader.length), forHTTPHeaderField: "Content-Length")
            urlRequest.setValue(" ", forHTTPHeaderField: "Transfer-Encoding")
            let stream = BodyInputStream(reader)
            urlRequest.httpBodyStream = stream
            return stream
        #else
            return nil
        #endif
    }
}
