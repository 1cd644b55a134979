// What every round-trip driver (Tests/Fixtures/<framework>/Driver) shares: FrameworkRoundTrip
// compiles this folder with the framework's driver and the client generated from its document.
import Foundation
import SpecwrightRuntime

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
        var detail = String(describing: error)
        if let error = error as? SpecwrightError, let failure = httpFailure(error) {
            detail += " body: " + String(decoding: failure.body.prefix(500), as: UTF8.self)
        }
        print("FAIL \(name): \(detail.replacingOccurrences(of: "\n", with: " "))")
    }
}

/// The response of an HTTP error status (`httpStatus`, or `unauthorized` for a 401).
func httpFailure(_ error: SpecwrightError) -> SpecwrightError.HTTPFailure? {
    switch error.kind {
    case .httpStatus(let failure), .unauthorized(let failure): failure
    default: nil
    }
}

/// The JSON body of an error status, typed or not (an error the document does not describe).
func errorBody(_ error: SpecwrightError) throws -> JSONValue {
    guard let failure = httpFailure(error) else { throw CheckFailure(description: "\(error.kind)") }
    return try JSONDecoder().decode(JSONValue.self, from: failure.body)
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
