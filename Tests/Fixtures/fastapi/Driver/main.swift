// The round-trip driver: compiled by FastAPIRoundTripTests together with the client generated
// from the running FastAPI service's /openapi.json, run with the service's base URL. Prints one
// line per check, `PASS <name>` or `FAIL <name>: <detail>`, and `DONE` at the end.
import Foundation
import SpecwrightRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A failed check.
struct CheckFailure: Error, CustomStringConvertible {
    var description: String
}

/// Fails unless `actual == expected`.
func expectEqual<T: Equatable>(_ actual: T, _ expected: T, _ what: String = "") throws {
    if actual != expected {
        throw CheckFailure(description: "\(what.isEmpty ? "" : what + ": ")got \(actual), expected \(expected)")
    }
}

/// The value, or a failure when it is `nil`.
func require<T>(_ value: T?, _ what: String = "value") throws -> T {
    guard let value else { throw CheckFailure(description: "\(what) is nil") }
    return value
}

/// Runs one check and prints its outcome.
func check(_ name: String, _ body: () async throws -> Void) async {
    do {
        try await body()
        print("PASS \(name)")
    } catch {
        print("FAIL \(name): \(String(describing: error).replacingOccurrences(of: "\n", with: " "))")
    }
}

/// The status of the `SpecwrightError` `body` throws, or a failure when it does not throw one.
func expectStatus(_ status: Int, _ body: () async throws -> Void) async throws -> SpecwrightError {
    do {
        try await body()
    } catch let error as SpecwrightError {
        try expectEqual(error.status, status, "status")
        return error
    }
    throw CheckFailure(description: "succeeded, expected HTTP \(status)")
}

guard CommandLine.arguments.count > 1, let baseURL = URL(string: CommandLine.arguments[1]) else {
    print("usage: driver <base URL>")
    exit(2)
}

let credentials = Credentials()
let service = RoundTripServiceClient(configuration: credentials.configuration(baseURL: baseURL))
await SecurityChecks(service: service, credentials: credentials).run()
await BodyChecks(service: service).run()
await ValueChecks(service: service).run()
var cachedConfiguration = credentials.configuration(baseURL: baseURL)
cachedConfiguration.dataLayer = DataLayerConfiguration(cache: HTTPCache())
await CacheChecks(service: RoundTripServiceClient(configuration: cachedConfiguration)).run()
print("DONE")
