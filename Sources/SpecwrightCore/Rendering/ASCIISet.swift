/// A set of ASCII bytes, tested with one shift and mask (a scan's fast path over bytes that do
/// not matter to it). Bytes of 128 and above are never members.
struct ASCIISet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init(_ members: String) {
        for byte in members.utf8 where byte < 128 {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
    }

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte &- 64)) != 0
    }
}
