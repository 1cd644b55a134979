import Foundation

#if !canImport(FoundationNetworking)
    extension URLSessionTransport {
        /// A transport over a background session (Apple platforms): the system carries its file
        /// downloads and file uploads on while the app is suspended. See "Background transfers" in
        /// `docs/runtime.md` for what it can and cannot do — in short: only transfers to and from
        /// files belong on it (`APIClient.download(_:to:progress:)`, `RequestBody.file`, multipart
        /// bodies of files), a call's result reaches the app only while the process that made it
        /// still runs, and the app calls the completion handler the system passes to
        /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)` itself.
        ///
        /// `identifier` must be unique to the app (and stable across launches, so a relaunched app
        /// reconnects to its transfers).
        public static func background(identifier: String) -> URLSessionTransport {
            let configuration = URLSessionConfiguration.background(withIdentifier: identifier)
            configuration.urlCache = nil
            configuration.httpCookieStorage = nil
            configuration.httpShouldSetCookies = false
            configuration.sessionSendsLaunchEvents = true
            configuration.isDiscretionary = false
            return URLSessionTransport(configuration: configuration)
        }
    }
#endif
