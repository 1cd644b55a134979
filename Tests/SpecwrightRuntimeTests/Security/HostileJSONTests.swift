import Foundation
import SpecwrightRuntime
import Testing

/// JSON documents from a hostile server (`Tests/Fixtures/hostile_body_fixture.py`, `/hostile/json`)
/// decoded by a client as any call would: each ends as a value or as `SpecwrightError` `.decoding`,
/// never a crash (a stack overflow on deep nesting), a hang or a wrong number passed off as right.
@Suite("Security: a hostile server's JSON")
struct HostileJSONTests {
    struct Numbers: Decodable, Sendable {
        var int: Int
        var double: Double
        var decimal: Decimal
    }

    struct Value<T: Decodable & Sendable>: Decodable, Sendable {
        var value: T
    }

    /// The document `shape` decoded as `T`: the value, or the typed error (anything else fails).
    private func decode<T: Decodable & Sendable>(_ shape: String, as type: T.Type) async throws -> Result<
        T, SpecwrightError
    > {
        let server = try FixtureServer.shared()
        let client = TestSupport.fixtureClient(server, sid: FixtureServer.newScenario(), retry: RetryPolicy.none)
        var query = QueryParameters()
        query.append("shape", shape)
        do {
            return .success(
                try await client.send(
                    TestEndpoint(["hostile", "json"], query: query, options: EndpointOptions(timeout: 30)), as: T.self))
        } catch let error as SpecwrightError {
            return .failure(error)
        }
    }

    private func expectDecodingError<T>(
        _ result: Result<T, SpecwrightError>, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        switch result {
        case .success(let value):
            Issue.record("decoded \(value)", sourceLocation: sourceLocation)
        case .failure(let error):
            guard case .decoding = error.kind else {
                Issue.record("expected .decoding, got \(error)", sourceLocation: sourceLocation)
                return
            }
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: ["deep-arrays", "deep-objects", "deep-mixed", "unclosed"])
    func nestingAHundredThousandDeepFailsToDecodeWithoutOverflowingTheStack(shape: String) async throws {
        expectDecodingError(try await decode(shape, as: JSONValue.self))
        expectDecodingError(try await decode(shape, as: [String: JSONValue].self))
    }

    /// What keeps deep nesting off the stack is Foundation's own limit (the runtime decodes with
    /// `JSONDecoder` and its types recurse once per level): if a Foundation update lifted it, this
    /// fails and the runtime needs a depth check of its own before decoding.
    @Test func foundationsJSONDecoderRefusesNestingDeeperThan512Levels() throws {
        func nested(_ depth: Int) -> Data {
            Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        }
        _ = try JSONDecoder().decode(JSONValue.self, from: nested(512))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(JSONValue.self, from: nested(513)) }
    }

    @Test(.timeLimit(.minutes(1)))
    func anExponentBeyondDoubleIsADecodingErrorNotInfinity() async throws {
        expectDecodingError(try await decode("huge-exponent", as: Numbers.self))
        expectDecodingError(try await decode("huge-exponent", as: [String: Double].self))
    }

    @Test(.timeLimit(.minutes(1)))
    func fourHundredDigitsFitNeitherIntNorDoubleNorDecimal() async throws {
        expectDecodingError(try await decode("long-number", as: Value<Int>.self))
        expectDecodingError(try await decode("long-number", as: Value<Int64>.self))
        expectDecodingError(try await decode("long-number", as: Value<Double>.self))
        expectDecodingError(try await decode("long-number", as: Value<Decimal>.self))
    }

    @Test(.timeLimit(.minutes(1)))
    func fourHundredFractionDigitsRoundAsNumbersDo() async throws {
        let fraction = try await decode("long-fraction", as: Value<Double>.self).get().value
        #expect(abs(fraction - 1.0 / 9.0) < 1e-15)
        let decimal = try await decode("long-fraction", as: Value<Decimal>.self).get().value
        #expect(abs(NSDecimalNumber(decimal: decimal).doubleValue - 1.0 / 9.0) < 1e-15)
    }

    /// Foundation's `JSONDecoder` refuses an exponent below `Double`'s range rather than rounding
    /// it to 0 (grammatical JSON, so this is stricter than RFC 8259 asks; a typed error either way).
    @Test(.timeLimit(.minutes(1)))
    func anExponentBelowDoubleIsADecodingError() async throws {
        expectDecodingError(try await decode("tiny-exponent", as: Value<Double>.self))
    }

    @Test(.timeLimit(.minutes(1)))
    func aDuplicateKeyDecodesToOneOfItsValues() async throws {
        let value = try await decode("duplicate-keys", as: Value<Int>.self).get().value
        #expect(value == 1 || value == 2)
        let map = try await decode("duplicate-keys", as: [String: Int].self).get()
        #expect(map.count == 1)
    }

    @Test(.timeLimit(.minutes(1)), arguments: ["lone-surrogate", "reversed-surrogates"])
    func aLoneSurrogateIsADecodingErrorOrAReplacementCharacter(shape: String) async throws {
        switch try await decode(shape, as: Value<String>.self) {
        case .success(let decoded):
            #expect(decoded.value.unicodeScalars.contains("\u{FFFD}"), "\(decoded.value.debugDescription)")
        case .failure(let error):
            expectDecodingError(Result<Void, SpecwrightError>.failure(error))
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aNULInAStringIsKept() async throws {
        #expect(try await decode("nul-in-string", as: Value<String>.self).get().value == "a\u{0}b")
    }

    /// Bytes that are not UTF-8 inside a JSON string (a stray 0xFF, an overlong encoding, an
    /// encoded surrogate, a sequence cut short): a decoding error, or the replacement character —
    /// never the bytes passed off as text, a crash or another value.
    @Test(
        .timeLimit(.minutes(1)), arguments: ["invalid-utf8", "overlong-utf8", "encoded-surrogate", "truncated-utf8"])
    func bytesThatAreNotUTF8AreADecodingErrorOrAReplacementCharacter(shape: String) async throws {
        for result in [
            try await decode(shape, as: Value<String>.self).map(\.value),
            try await decode(shape, as: Value<JSONValue>.self).map { "\($0.value)" }
        ] {
            switch result {
            case .success(let text):
                #expect(text.unicodeScalars.contains("\u{FFFD}"), "\(text.debugDescription)")
            case .failure(let error):
                expectDecodingError(Result<Void, SpecwrightError>.failure(error))
            }
        }
    }

    /// RFC 8259 §8.1: a parser may ignore a byte order mark; it never becomes part of the value.
    @Test(.timeLimit(.minutes(1)))
    func aByteOrderMarkIsIgnoredOrADecodingError() async throws {
        switch try await decode("utf8-bom", as: Value<String>.self) {
        case .success(let decoded): #expect(decoded.value == "bom")
        case .failure(let error): expectDecodingError(Result<Void, SpecwrightError>.failure(error))
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aHugeStringAndManyKeysWithinTheSizeLimitDecode() async throws {
        #expect(try await decode("huge-string", as: Value<String>.self).get().value.utf8.count == 24 << 20)
        #expect(try await decode("many-keys", as: [String: Int].self).get().count == 200_000)
    }
}
