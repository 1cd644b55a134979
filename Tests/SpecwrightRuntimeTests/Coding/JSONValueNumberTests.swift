import Foundation
import SpecwrightRuntime
import SpecwrightTestSupport
import Testing

/// `JSONValue` keeps the numbers a server sent: a free-form value fetched and sent back carries
/// the same numbers. Each number decodes as the first of `.int`, `.double`, `.decimal` that holds
/// it exactly; encoding writes the same number, and the same text where the table says so (the
/// measured limits of Foundation's `JSONDecoder`/`JSONEncoder`, documented in docs/runtime.md).
@Suite struct JSONValueNumberTests {
    /// A number text, what it decodes to, and the text encoding writes back (`nil`: the same text).
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let value: JSONValue
        let written: String?
        var testDescription: String { text }

        init(_ text: String, _ value: JSONValue, writes written: String? = nil) {
            self.text = text
            self.value = value
            self.written = written
        }
    }

    static func decimal(_ text: String) -> JSONValue {
        .decimal(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))!)
    }

    /// The number shapes of JSONTestSuite's `y_number_*` and `i_number_*` parsing cases (accepted,
    /// or left to the implementation), and the edges of `Int`, `Double` and `Decimal`.
    static let cases: [Case] = [
        // Written back byte for byte.
        Case("0", .int(0)), Case("123", .int(123)), Case("-123", .int(-123)), Case("-1", .int(-1)),
        Case("-0", .double(-0.0)), Case("123.456789", .double(123.456789)), Case("0.1", .double(0.1)),
        Case("0.30000000000000004", .double(0.30000000000000004)),
        Case("9007199254740993", .int(9_007_199_254_740_993)), Case("9223372036854775807", .int(.max)),
        Case("-9223372036854775808", .int(.min)),
        Case("9223372036854775808", decimal("9223372036854775808")),
        Case("18446744073709551615", decimal("18446744073709551615")),
        Case("123456789012345678901234567890", decimal("123456789012345678901234567890")),
        Case("-123123123123123123123123123123", decimal("-123123123123123123123123123123")),
        Case("0.1000000000000000000001", decimal("0.1000000000000000000001")),
        Case("3.141592653589793238462643383279", decimal("3.141592653589793238462643383279")),
        Case("0.9999999999999999999", decimal("0.9999999999999999999")),
        Case("1.00000000000000000001", decimal("1.00000000000000000001")),
        Case("5e-324", .double(.leastNonzeroMagnitude)),
        Case("2.2250738585072014e-308", .double(2.2250738585072014e-308)),
        Case("1e-129", .double(1e-129)),
        // The same number, spelled as Swift spells it.
        Case("-0.0", .double(-0.0), writes: "-0"), Case("1.0", .int(1), writes: "1"),
        Case("12.50", .double(12.5), writes: "12.5"), Case("0e1", .int(0), writes: "0"),
        Case("0e+1", .int(0), writes: "0"), Case("0e-400", .int(0), writes: "0"),
        Case("-0e-400", .double(-0.0), writes: "-0"), Case("20e1", .int(200), writes: "200"),
        Case("1E+2", .int(100), writes: "100"), Case("1e+2", .int(100), writes: "100"),
        Case("1E-2", .double(0.01), writes: "0.01"), Case("1e-2", .double(0.01), writes: "0.01"),
        Case("1E22", .double(1e22), writes: "1e+22"), Case("123e45", .double(123e45), writes: "1.23e+47"),
        Case("123e65", .double(123e65), writes: "1.23e+67"),
        Case("123.456e78", .double(123.456e78), writes: "1.23456e+80"),
        Case("100000000000000000000", .double(1e20), writes: "1e+20"),
        Case("1.7976931348623157e308", .double(.greatestFiniteMagnitude), writes: "1.7976931348623157e+308"),
        Case("1.5e-7", .double(1.5e-7), writes: "1.5e-07"),
        Case(
            "-0.000000000000000000000000000000000000000000000000000000000000000000000000000001",
            .double(-1e-78), writes: "-1e-78"),
        // Beyond `Decimal`'s exponents only a `Double` holds the number: rounded (here a subnormal).
        Case("4e-324", .double(.leastNonzeroMagnitude), writes: "5e-324"),
        // More than 38 significant digits: `Decimal` keeps the first 38 (the rest is lost).
        Case(
            "-237462374673276894279832749832423479823246327846",
            decimal("-237462374673276894279832749832423479823000000000"),
            writes: "-237462374673276894279832749832423479823000000000")
    ]

    private static func decode(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    private static func encode(_ value: JSONValue) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test(arguments: cases)
    func aNumberDecodesAsTheFirstCaseThatHoldsItAndIsWrittenBack(_ number: Case) throws {
        let value = try Self.decode(number.text)
        #expect(value == number.value)
        #expect(try Self.encode(value) == (number.written ?? number.text))
        #expect(try Self.decode(Self.encode(value)) == value, "stable when sent again")
        // Inside an array and an object too (a value nested in a free-form body).
        let nested = try Self.decode(#"{"n":[\#(number.text)]}"#)
        #expect(nested == .object(["n": .array([number.value])]))
        #expect(try Self.encode(nested) == #"{"n":[\#(number.written ?? number.text)]}"#)
    }

    /// What no Swift number type holds is a decoding error, as it is for a `Double` property, never
    /// a silent 0 or infinity (JSONTestSuite's `i_number_*` overflow and underflow shapes).
    @Test(arguments: [
        "1e400", "1.7976931348623159e308", "-1e+9999", "1.5e+9999", "123123e100000", "-123123e100000", "1e-400",
        "-1e-400", "1e-324",
        "123e-10000000", "123.456e-789", "0.4e" + "00669" + String(repeating: "9", count: 300) + "006"
    ])
    func aNumberNoSwiftTypeHoldsIsAnError(_ text: String) {
        #expect(throws: DecodingError.self) { try Self.decode(text) }
        #expect(throws: DecodingError.self) { try Self.decode(#"{"n":[1,\#(text)]}"#) }
    }

    @Test func equalValuesAreWrittenAlike() throws {
        #expect(JSONValue.double(-0.0) != .double(0), "-0 and 0 are written differently")
        #expect(JSONValue.double(-0.0) == .double(-0.0) && JSONValue.double(0) == .double(0))
        #expect(Self.decimal("1.10") == Self.decimal("1.1"), "the same decimal number")
        #expect(Self.decimal("1.10").hashValue == Self.decimal("1.1").hashValue)
        #expect(try Self.encode(Self.decimal("1.10")) == "1.1")
        #expect(JSONValue.decimal(.nan) == .decimal(.nan), "reflexive")
        #expect(JSONValue.decimal(1) != .int(1), "a decoded 1 is always .int")
        #expect(throws: EncodingError.self) { try Self.encode(.decimal(.nan)) }
        #expect(throws: EncodingError.self) { try Self.encode(.double(.infinity)) }
    }

    @Test func accessorsReadEveryKindOfNumber() throws {
        let big = try Self.decode("123456789012345678901234567890")
        #expect(big.doubleValue == 1.2345678901234568e29)
        #expect(big.decimalValue == Decimal(string: "123456789012345678901234567890"))
        #expect(JSONValue.double(0.1).decimalValue == Decimal(string: "0.1"), "a Double as its shortest spelling")
        #expect(JSONValue.int(-7).decimalValue == -7 && JSONValue.int(-7).doubleValue == -7)
        #expect(JSONValue.double(.infinity).decimalValue == nil && JSONValue.string("1").decimalValue == nil)
    }

    /// Every JSON file in ../shared/data (real OpenAPI documents, the YAML suite's expected values,
    /// the Mustache spec) decodes as `JSONValue` and is written back with the same numbers.
    @Test func theSharedJSONFilesKeepTheirNumbers() async throws {
        let root = OpenAPISupport.dataRoot
        // Decoding and writing every file off the concurrency pool (offThePool), the checks here.
        let checked = try await offThePool { () throws -> [(name: String, numbersKept: Bool, sameValue: Bool)] in
            let files =
                FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" } ?? []
            var checked: [(name: String, numbersKept: Bool, sameValue: Bool)] = []
            for file in files {
                let data = try Data(contentsOf: file)
                // One JSON text per file (a YAML case with several documents has several).
                guard (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil else {
                    continue
                }
                let value = try JSONDecoder().decode(JSONValue.self, from: data)
                let written = try JSONEncoder().encode(value)
                checked.append(
                    (
                        String(file.path.dropFirst(root.path.count)),
                        Self.numbers(in: written) == Self.numbers(in: data),
                        try JSONDecoder().decode(JSONValue.self, from: written) == value
                    ))
            }
            return checked
        }
        #expect(
            !checked.isEmpty || !FileManager.default.fileExists(atPath: root.path), "the shared data has JSON files")
        for file in checked {
            #expect(file.numbersKept, "\(file.name)")
            #expect(file.sameValue, "\(file.name)")
        }
    }

    /// The numbers of a JSON text (outside strings), each as its value, sorted.
    static func numbers(in data: Data) -> [String] {
        let bytes = [UInt8](data)
        var numbers: [String] = []
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                index += 1
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                index += 1
            } else if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                let end = bytes[index...].firstIndex { !Self.numberBytes.contains($0) } ?? bytes.count
                numbers.append(valueKey(String(decoding: bytes[index..<end], as: UTF8.self)))
                index = end
            } else {
                index += 1
            }
        }
        return numbers.sorted()
    }

    private static let numberBytes = Set("0123456789+-.eE".utf8)

    /// A number text as its value: the `Decimal` it spells (its description), or the `Double` when
    /// beyond `Decimal`'s range; zero with its sign.
    static func valueKey(_ text: String) -> String {
        guard let double = Double(text) else { return "not a number: " + text }
        if double == 0 { return double.sign == .minus ? "-0" : "0" }
        if let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !decimal.isZero {
            return decimal.description
        }
        return "double " + String(double)
    }
}
