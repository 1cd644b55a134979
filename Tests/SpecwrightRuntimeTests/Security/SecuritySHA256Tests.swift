import Foundation
import SpecwrightDigest
import Testing
@testable import SpecwrightRuntime

/// The HMAC behind credential partitions, against the published test vectors (SHA-256 alone is
/// also checked by ProvenanceTests).
@Suite("Security: HMAC-SHA-256 credential fingerprints")
struct SecuritySHA256Tests {
    @Test func hmacMatchesRFC4231() {
        // Test case 2 and test case 6 (a key longer than the block).
        #expect(
            SHA256.hexadecimal(
                SHA256.hmac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(
            SHA256.hexadecimal(
                SHA256.hmac(
                    key: [UInt8](repeating: 0xaa, count: 131),
                    message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test func fingerprintsDependOnTheSalt() {
        let one = CredentialFingerprint.random(), other = CredentialFingerprint.random()
        #expect(one("Bearer A") == one("Bearer A"))
        #expect(one("Bearer A") != one("Bearer B"))
        #expect(one("Bearer A") != other("Bearer A"))
    }
}
