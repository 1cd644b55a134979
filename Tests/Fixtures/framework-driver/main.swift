// The round-trip driver's entry point, the same for every framework: FrameworkRoundTrip compiles this
// folder with the framework's `Driver/` (which defines `FrameworkDriver`) and the client generated
// from the running service's document, and runs it with the service's base URL. The checks print one
// line each, `PASS <name>` or `FAIL <name>: <detail>`; `DONE` comes at the end.
import Foundation
import SpecwrightRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

guard CommandLine.arguments.count > 1, let baseURL = URL(string: CommandLine.arguments[1]) else {
    print("usage: driver <base URL>")
    exit(2)
}

let credentials = Credentials(basic: FrameworkDriver.basic, apiKeys: FrameworkDriver.apiKeys)
await FrameworkDriver.run(baseURL: baseURL, credentials: credentials)
print("DONE")
