import Foundation
import Testing
@testable import SpecwrightRuntime

/// The byte-level helpers every call runs (header validation after each interceptor, header name
/// comparison, the request id text) give exactly the answers of their definitions. Their speed is
/// measured by `specwright-bench runtime` and `cache` (docs/performance.md), not here.
@Suite("Hot-path helpers agree with their definitions")
struct HotPathTests {
    /// RFC 9110 §5.6.2 `tchar`, written out.
    private static let tchar = Set(
        "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".unicodeScalars)

    @Test func everyScalarBelow256IsATokenCharacterExactlyWhenRFC9110SaysSo() {
        for value in UInt32(0)..<256 {
            let scalar = Unicode.Scalar(value)!
            let text = String(Character(scalar))
            #expect(HeaderValidation.isToken(text) == Self.tchar.contains(scalar), "U+\(String(value, radix: 16))")
            #expect(HeaderValidation.isToken("X-" + text + "-Name") == Self.tchar.contains(scalar))
        }
        #expect(!HeaderValidation.isToken(""))
        #expect(!HeaderValidation.isToken("Ünicode"))
        #expect(HeaderValidation.isToken(String(repeating: "a", count: 300)))
    }

    @Test func valuesAreRefusedExactlyWhenTheyHoldCRLFOrNUL() {
        for value in UInt32(0)..<256 {
            let character = String(Character(Unicode.Scalar(value)!))
            let unsafe = value == 0 || value == 10 || value == 13
            #expect(HeaderValidation.isSafeValue("a" + character + "b") == !unsafe, "U+\(String(value, radix: 16))")
        }
        #expect(HeaderValidation.isSafeValue(""))
        #expect(HeaderValidation.isSafeValue("Bearer ä€😀 tokens"))
        #expect(!HeaderValidation.isSafeValue(String(repeating: "x", count: 200) + "\r\n"))
        #expect(throws: SpecwrightError.self) {
            try HeaderValidation.check([HTTPHeader("X-Ok", "1"), HTTPHeader("X-Bad", "a\nb")])
        }
        #expect(throws: SpecwrightError.self) { try HeaderValidation.check([HTTPHeader("X Bad", "1")]) }
    }

    @Test func headerNamesMatchIgnoringASCIICaseOnly() {
        #expect(HTTPHeader.namesMatch("Content-Type", "content-type"))
        #expect(HTTPHeader.namesMatch("X-REQUEST-ID", "x-request-id"))
        #expect(HTTPHeader.namesMatch("", ""))
        #expect(!HTTPHeader.namesMatch("Accept", "Accept-Language"))
        #expect(!HTTPHeader.namesMatch("Accept-Language", "Accept"))
        // Bytes that differ by 0x20 but are not letters are different characters.
        #expect(!HTTPHeader.namesMatch("a[b", "a{b"))
        #expect(!HTTPHeader.namesMatch("a@b", "a`b"))
        #expect(!HTTPHeader.namesMatch("Straße", "STRASSE"))
    }

    @Test func theRequestIDTextIsTheUUIDString() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1_000 {
            let id = UUID(
                uuid: (
                    generator.next(), generator.next(), generator.next(), generator.next(), generator.next(),
                    generator.next(),
                    generator.next(), generator.next(), generator.next(), generator.next(), generator.next(),
                    generator.next(),
                    generator.next(), generator.next(), generator.next(), generator.next()
                ))
            #expect(CallIdentifier.text(id) == id.uuidString)
        }
        let zero = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        #expect(CallIdentifier.text(zero) == "00000000-0000-0000-0000-000000000000")
        let next = CallIdentifier.next()
        #expect(CallIdentifier.text(next) == next.uuidString)
    }
}
