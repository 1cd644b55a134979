import Foundation

/// Logs each attempt's request and response through the configured sink, redacted and truncated.
/// It runs last on the request side and first on the response side, so it sees what is really sent
/// and received.
struct LoggingInterceptor: Interceptor {
    let sink: any LogSink
    let redactor: Redactor

    func adapt(_ request: HTTPRequest, context: AttemptContext) async throws -> HTTPRequest {
        let redactor = redactor.including(context.call.options.auth).including(context.credentials)
        var message = "→ \(request.method.rawValue) \(redactor.url(request.url)) (attempt \(context.attempt))"
        let headers = redactor.headerLines(request.headers.map { ($0.name, $0.value) })
        if !headers.isEmpty { message += "\n" + headers }
        let body = redactor.body(request.body, contentType: request.headers.value(for: "Content-Type"))
        if !body.isEmpty { message += "\n" + body }
        sink.log(LogEntry(level: .debug, operationName: context.call.operationName, message: message))
        return request
    }

    func inspect(_ response: HTTPResponse, for request: HTTPRequest, context: AttemptContext) async throws
        -> InterceptorDecision
    {
        let redactor = redactor.including(context.call.options.auth).including(context.credentials)
        var message =
            "← \(response.status) \(request.method.rawValue) \(redactor.url(request.url)) (\(response.body.count) bytes)"
        let fields = response.headers.map { (name: $0.name.lowercased(), value: $0.value) }
        let headers = redactor.headerLines(
            fields.enumerated().sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }.map(\.element))
        if !headers.isEmpty { message += "\n" + headers }
        let body = redactor.body(response.body, contentType: response.header("content-type"))
        if !body.isEmpty { message += "\n" + body }
        let level: LogEntry.Level = response.status >= 400 ? .error : .debug
        sink.log(LogEntry(level: level, operationName: context.call.operationName, message: message))
        return .proceed
    }
}
