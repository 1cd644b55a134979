import Foundation

/// Cheap random version-4 UUIDs for call ids (sent as the request id). `UUID()` asks the kernel
/// for randomness on every call (about a microsecond on Linux); call ids only need to be unique,
/// not unpredictable, so they come from a SplitMix64 stream seeded once from the system generator.
/// Idempotency keys keep using `UUID()`.
enum CallIdentifier {
    private static let state: Locked<UInt64> = {
        var system = SystemRandomNumberGenerator()
        return Locked(system.next())
    }()

    static func next() -> UUID {
        let (high, low) = state.withLock { seed -> (UInt64, UInt64) in
            let first = splitMix(&seed)
            return (first, splitMix(&seed))
        }
        var bytes = (high.bigEndian, low.bigEndian)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = (raw[6] & 0x0F) | 0x40  // version 4
            raw[8] = (raw[8] & 0x3F) | 0x80  // RFC 4122 variant
            return UUID(
                uuid: (
                    raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                    raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]
                ))
        }
    }

    /// `id.uuidString` (upper-case, 8-4-4-4-12), written directly: Foundation formats it with
    /// `snprintf` on Linux, a few thousand instructions on every call that sends a request id.
    static func text(_ id: UUID) -> String {
        let digits: StaticString = "0123456789ABCDEF"
        return withUnsafeBytes(of: id.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { output in
                digits.withUTF8Buffer { hex in
                    var position = 0
                    for index in 0..<16 {
                        if index == 4 || index == 6 || index == 8 || index == 10 {
                            output[position] = UInt8(ascii: "-")
                            position += 1
                        }
                        output[position] = hex[Int(bytes[index] >> 4)]
                        output[position + 1] = hex[Int(bytes[index] & 0x0F)]
                        position += 2
                    }
                }
                return 36
            }
        }
    }

    private static func splitMix(_ seed: inout UInt64) -> UInt64 {
        seed &+= 0x9E37_79B9_7F4A_7C15
        var z = seed
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
