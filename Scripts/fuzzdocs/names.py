"""Hostile names and scalar values the mutators draw from."""
from .tree import Raw

SWIFT_KEYWORDS = [
    "class", "struct", "enum", "protocol", "func", "let", "var", "init", "deinit", "self", "Self",
    "Type", "Protocol", "default", "case", "switch", "return", "throws", "rethrows", "async", "await",
    "actor", "in", "is", "as", "Any", "AnyObject", "some", "any", "where", "subscript", "operator",
    "extension", "import", "public", "private", "internal", "package", "open", "static", "inout",
    "true", "false", "nil", "super", "_", "__", "repeat", "while", "for", "if", "else", "guard",
    "defer", "do", "catch", "try", "throw", "fallthrough", "break", "continue", "typealias",
    "associatedtype", "precedencegroup", "#file", "#line", "@escaping", "`", "``", "`x`",
]
RUNTIME_NAMES = [
    "Data", "Date", "URL", "UUID", "Task", "Result", "Error", "Codable", "Encodable", "Decodable",
    "Hashable", "Equatable", "Sendable", "String", "Int", "Int64", "Double", "Bool", "Array",
    "Dictionary", "Optional", "Set", "Never", "Void", "JSONValue", "APIClient", "Client", "Endpoint",
    "Endpoints", "Types", "Encoder", "Decoder", "CodingKeys", "CodingKey", "Foundation", "Swift",
    "SpecwrightRuntime", "SpecwrightError", "FilePart", "Nullable", "EndpointOptions", "HTTPCache",
    "Response", "Request", "Body", "Headers", "Query", "Path", "Unknown", "unknown", "rawValue",
    "description", "hashValue", "hash", "encode", "decode", "client", "options", "body", "query",
    "headers", "path", "response", "value", "values", "id", "ID", "Id", "allCases", "CaseIterable",
]
UNICODE_NAMES = [
    "😀", "pet😀", "🐶🐱", "שלום", "مرحبا", "\u202eevil", "a\u200bb", "e\u0301", "\u0301leading", "Ωmega",
    "ﬁle", "Ａｂｃ", "İstanbul", "ǅ", "日本語", "\u00a0nbsp", "tab\tname", "new\nline", "quote\"d",
    "back\\slash", "*/", "/*", "\\u{41}", "\"\"\"", "#", "$", "1abc", "123", "-", "--", "-name",
    "+price", ".", "..", "a.b", "a-b", "a b", "a/b", "{x}", "%20", "\x00", "\x7f", "",
]
CASE_VARIANTS = ["Pet", "pet", "PET", "pEt", "pet_id", "petId", "PetId", "pet-id", "pet.id", "pet id", "PetID"]

ALL_NAMES = SWIFT_KEYWORDS + RUNTIME_NAMES + UNICODE_NAMES + CASE_VARIANTS


def long_string(rng):
    return rng.choice(["x", "ab", "é", "😀", "a b "]) * rng.choice([1000, 10000, 100000, 400000])


EDGE_NUMBERS = [
    Raw("1e400"), Raw("-1e400"), Raw("-0"), Raw("-0.0"), Raw("1e-400"), Raw("9223372036854775807"),
    Raw("9223372036854775808"), Raw("-9223372036854775809"), Raw("123456789012345678901234567890"),
    Raw("0.1e1"), Raw("1E+2"), 4.9e-324, 1.7976931348623157e308, 0, -1, 1.5, 2**53 + 1,
]
YAML_ONLY_TOKENS = [Raw(".nan"), Raw(".inf"), Raw("-.inf"), Raw("0x1F"), Raw("0o17"), Raw("1_000"), Raw("~")]
NUMBER_STRINGS = ["NaN", "nan", "Infinity", "-Infinity", "1e400", "-0", "0x10", "", " 1", "1 ", "١٢٣"]


def hostile_name(rng):
    if rng.random() < 0.08:
        return long_string(rng)
    return rng.choice(ALL_NAMES)


def hostile_scalar(rng, yaml_output):
    pool = EDGE_NUMBERS + NUMBER_STRINGS + [None, True, False, "", hostile_name(rng)]
    if yaml_output:
        pool += YAML_ONLY_TOKENS
    return rng.choice(pool)


def type_value(rng):
    """A value of a random JSON kind (the type-changing operator)."""
    return rng.choice([
        "string", "", 0, 1, -1, 3.5, True, False, None, [], {}, ["x"], [1, 2], {"a": 1}, {"type": "string"},
    ])


SPEC_TYPE_EXPRESSIONS = [
    "String", "Int?", "[String]", "[String: Int]", "[String: [Int?]]?", "[[String]]", "String??", "??",
    "[String:", "[:]", "[]", "[ ]", "Optional<Int>", "Array<Int>", "[Int: String]", "Date?", "UUID",
    "URL", "Data", "Bool", "Int64", "Double", "Any", "Self", "Never", "Void", "()", "(Int, String)",
    "Int -> Int", "some P", "any P", "[" * 300 + "Int" + "]" * 300, "Unknown", "string", "int",
    "Foo.Bar", "Swift.Int", "JSONValue", "`class`", "[String: Book]", "Book?", "[Book]",
]

INJECTIONS = [
    "\"); fatalError(); //", "*/ fatalError() /*", "/* unclosed", "\\(x)", "\\u{0}", "#\"", "\"\"\"", "\n}\nfunc x() {",
    "line\nbreak", "cr\rlf", "tab\tbed", "\u2028sep", "back\\slash", "$0", "`", "%s%n", "{{template}}", "{{{x}}}",
    "{{/x}}", "</script>", "\u0000nul", "é\u0301", "\ud7ff", "😀", "\u202eRTL", "// comment", "///", "#if os(Linux)",
]
