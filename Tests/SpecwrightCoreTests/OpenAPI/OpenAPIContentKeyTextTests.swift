import SpecwrightYAML
import Testing

@testable import SpecwrightCore

/// Shared shapes compare schemas by a content key (``OpenAPI/JSONSchema/contentKey(ignoringTitle:keys:)``);
/// its scalars are written without reflection, as reflection wrote them, so keys stay the same.
@Suite("OpenAPI: content keys of schemas")
struct OpenAPIContentKeyTextTests {
    @Test(
        arguments: [
            ScalarValue.null, .bool(true), .bool(false), .int(-42), .bigInt("123456789012345678901234567890"),
            .float(0.1), .float(-1e300), .float(.infinity), .float(.nan), .string("a \"quoted\"\n\u{7}é"), .string("")
        ])
    func scalarsAreWrittenAsReflectionWroteThem(_ value: ScalarValue) {
        var text = ""
        OpenAPI.JSONSchema.appendCanonical(value, to: &text)
        #expect(text == "\(value)")
    }
}
