import Foundation
import Testing
@testable import SpecwrightRuntime

/// The hash behind credential partitions, against the published test vectors.
@Suite("Security: SHA-256 and HMAC-SHA-256")
struct SecuritySHA256Tests {
    @Test func sha256MatchesTheFIPS180Vectors() {
        #expect(SHA256.hex(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let twoBlocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(SHA256.hex(SHA256.hash(Array(twoBlocks.utf8))) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func hmacMatchesRFC4231() {
        // Test case 2 and test case 6 (a key longer than the block).
        #expect(SHA256.hex(SHA256.hmac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
            == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(SHA256.hex(SHA256.hmac(key: [UInt8](repeating: 0xaa, count: 131),
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
