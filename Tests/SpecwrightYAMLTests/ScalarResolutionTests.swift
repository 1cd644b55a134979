import Testing
@testable import SpecwrightYAML

@Suite struct ScalarResolutionTests {
    private func value(_ plain: String) throws -> ScalarValue? {
        try parse("v: \(plain)\n")["v"]?.value
    }

    @Test(arguments: ["null", "Null", "NULL", "~", ""])
    func nullForms(_ text: String) throws {
        #expect(try value(text) == .null)
    }

    @Test func booleansFollowTheCoreSchemaOnly() throws {
        for text in ["true", "True", "TRUE"] { #expect(try value(text) == .bool(true)) }
        for text in ["false", "False", "FALSE"] { #expect(try value(text) == .bool(false)) }
        for text in ["yes", "no", "on", "off", "y", "n", "Yes", "ON", "tRUE"] {
            #expect(try value(text) == .string(text))
        }
    }

    @Test func integersIncludeOctalAndHex() throws {
        #expect(try value("42") == .int(42))
        #expect(try value("-17") == .int(-17))
        #expect(try value("+5") == .int(5))
        #expect(try value("007") == .int(7))
        #expect(try value("0o17") == .int(15))
        #expect(try value("0x1F") == .int(31))
        #expect(try value("0x") == .string("0x"))
        #expect(try value("0o8") == .string("0o8"))
        #expect(try value("0b101") == .string("0b101"))
        #expect(try value("1_000") == .string("1_000"))
        #expect(try value("99999999999999999999999") == .bigInt("99999999999999999999999"))
    }

    @Test func floatsIncludeInfinityAndNaN() throws {
        #expect(try value("1.5") == .float(1.5))
        #expect(try value("-.5") == .float(-0.5))
        #expect(try value("1.") == .float(1))
        #expect(try value("1e3") == .float(1000))
        #expect(try value("6.02E+23") == .float(6.02e23))
        #expect(try value(".inf") == .float(.infinity))
        #expect(try value("-.Inf") == .float(-.infinity))
        #expect(try value("+.INF") == .float(.infinity))
        if case .float(let nan) = try value(".NaN") { #expect(nan.isNaN) } else { Issue.record("not a float") }
        for text in ["-.nan", ".", "1e", "e3", "1.2.3", "0x1p3", "inf", "nan", "1,5", "12:30"] {
            #expect(try value(text) == .string(text))
        }
    }

    @Test func quotedAndBlockScalarsAreAlwaysStrings() throws {
        let root = try parse("a: 'true'\nb: \"12\"\nc: |\n  null\nd: ''\n")
        #expect(root["a"]?.value == .string("true"))
        #expect(root["b"]?.value == .string("12"))
        #expect(root["c"]?.value == .string("null\n"))
        #expect(root["d"]?.value == .string(""))
    }

    @Test func explicitTagsForceTheType() throws {
        let root = try parse("a: !!str true\nb: !!float 3\nc: !!bool 'false'\nd: !!null ''\n")
        #expect(root["a"]?.value == .string("true"))
        #expect(root["b"]?.value == .float(3))
        #expect(root["c"]?.value == .bool(false))
        #expect(root["d"]?.value == .null)
    }
}

@Suite struct ScalarValueEqualityTests {
    @Test func notANumberEqualsItselfSoTreesAreReflexive() throws {
        let root = try parse("v: .nan\n")
        #expect(root == root)
        #expect(ScalarValue.float(.nan) == .float(-.nan))
        #expect(ScalarValue.float(.nan).hashValue == ScalarValue.float(.nan).hashValue)
        #expect(ScalarValue.float(1) != .int(1))
    }

    @Test func repeatedNaNKeysAreDuplicates() {
        #expect(rejection(".nan: 1\n.NaN: 2\n")?.kind == .duplicateKey)
    }
}
