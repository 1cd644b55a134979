/// Resolves scalar text to a typed value by the YAML 1.2 core schema, honouring explicit tags.
enum ScalarResolver {
    static let strTag = "tag:yaml.org,2002:str"
    static let intTag = "tag:yaml.org,2002:int"
    static let floatTag = "tag:yaml.org,2002:float"
    static let boolTag = "tag:yaml.org,2002:bool"
    static let nullTag = "tag:yaml.org,2002:null"

    /// Resolves a plain, untagged scalar (the only kind the core schema types implicitly).
    static func resolvePlain(_ bytes: UnsafeBufferPointer<UInt8>, text: String) -> ScalarValue {
        guard let first = bytes.first else { return .null }
        switch first {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"):
            // Only `~` and the three spellings of `null` (1 or 4 bytes) need a comparison.
            return (bytes.count == 1 || bytes.count == 4) && isNull(text) ? .null : .string(text)
        case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
            // `true`/`false` in their three casings are 4 or 5 bytes; `type`, `title`… are
            // told apart without the string switch.
            if bytes.count == 4 || bytes.count == 5, let bool = bool(text) { return .bool(bool) }
            return .string(text)
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            return number(bytes, text: text) ?? .string(text)
        default:
            return .string(text)
        }
    }

    /// Resolves a scalar that carries an explicit tag. Returns nil when the text does not fit
    /// the tag (`!!int abc`); unknown and local tags give strings.
    static func resolveTagged(_ bytes: UnsafeBufferPointer<UInt8>, text: String, tag: String) -> ScalarValue? {
        switch tag {
        case strTag: return .string(text)
        case nullTag: return isNull(text) ? .null : nil
        case boolTag: return bool(text).map(ScalarValue.bool)
        case intTag:
            if let value = number(bytes, text: text), case .int = value { return value }
            if let value = number(bytes, text: text), case .bigInt = value { return value }
            return nil
        case floatTag:
            switch number(bytes, text: text) {
            case .int(let i): return .float(Double(i))
            case .bigInt(let s): return Double(s).map(ScalarValue.float)
            case .float(let d): return .float(d)
            default: return nil
            }
        default: return .string(text)
        }
    }

    static func isNull(_ text: String) -> Bool {
        text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// Core-schema integers (`[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`) and floats
    /// (`[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `.inf`, `.nan` in three casings).
    static func number(_ bytes: UnsafeBufferPointer<UInt8>, text: String) -> ScalarValue? {
        let count = bytes.count
        guard count > 0 else { return nil }
        if count > 2, bytes[0] == UInt8(ascii: "0") {
            if bytes[1] == UInt8(ascii: "o") {
                return radixInteger(bytes, from: 2, radix: 8, text: text)
            }
            if bytes[1] == UInt8(ascii: "x") {
                return radixInteger(bytes, from: 2, radix: 16, text: text)
            }
        }
        var index = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            index = 1
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            let rest = count - index
            if rest == 4 {
                let word = text.utf8.suffix(4)
                if word.elementsEqual(".inf".utf8) || word.elementsEqual(".Inf".utf8) || word.elementsEqual(".INF".utf8)
                {
                    return .float(negative ? -.infinity : .infinity)
                }
                if index == 0,
                    word.elementsEqual(".nan".utf8) || word.elementsEqual(".NaN".utf8)
                        || word.elementsEqual(".NAN".utf8)
                {
                    return .float(.nan)
                }
            }
        }
        let intStart = index
        while index < count, isDigit(bytes[index]) { index += 1 }
        let intDigits = index - intStart
        if index == count {
            guard intDigits > 0 else { return nil }
            if let value = Int(text) { return .int(value) }
            return .bigInt(text)
        }
        var fractionDigits = 0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < count, isDigit(bytes[index]) { index += 1; fractionDigits += 1 }
        }
        guard intDigits > 0 || fractionDigits > 0 else { return nil }
        if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            let expStart = index
            while index < count, isDigit(bytes[index]) { index += 1 }
            guard index > expStart else { return nil }
        }
        guard index == count, let value = Double(text) else { return nil }
        return .float(value)
    }

    private static func radixInteger(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, radix: Int, text: String)
        -> ScalarValue?
    {
        for index in start..<bytes.count {
            let byte = bytes[index]
            let valid: Bool
            if radix == 8 {
                valid = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "7")
            } else {
                valid = isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
            }
            if !valid { return nil }
        }
        let digits = text.utf8.dropFirst(start)
        if let value = Int(Substring(digits), radix: radix) { return .int(value) }
        return .bigInt(text)
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
