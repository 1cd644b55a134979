import Foundation
import SpecwrightRuntime
import Testing

/// `FormFields`: how generated endpoints build URL-encoded form bodies.
@Suite struct FormFieldsTests {
    enum Mood: String, QueryValueConvertible {
        case calm
        var queryValue: QueryValue { .string(rawValue) }
    }

    @Test func valuesAreWrittenAsInAQueryAndNilIsLeftOut() {
        var form = FormFields(dates: .iso8601)
        form.append("name", "Ann")
        form.append("nickname", String?.none)
        form.append("age", 41)
        form.append("ratio", 0.5)
        form.append("whole", 2.0)
        form.append("admin", false)
        form.append("mood", Mood.calm)
        form.append("since", Date(timeIntervalSince1970: 0))
        form.append("id", UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF"))
        form.append("nan", Double.nan)
        #expect(
            form.fields == [
                FormField(name: "name", value: "Ann"),
                FormField(name: "age", value: "41"),
                FormField(name: "ratio", value: "0.5"),
                FormField(name: "whole", value: "2"),
                FormField(name: "admin", value: "false"),
                FormField(name: "mood", value: "calm"),
                FormField(name: "since", value: "1970-01-01T00:00:00Z"),
                FormField(name: "id", value: "6F9619FF-8B86-D011-B42D-00C04FC964FF"),
                FormField(name: "nan", value: "nan")
            ])
    }

    @Test func datesFollowTheServiceCoding() {
        var form = FormFields(dates: .secondsSince1970)
        form.append("at", Date(timeIntervalSince1970: 90))
        #expect(form.fields == [FormField(name: "at", value: "90")])
    }
}

extension FormFieldsTests {
    @Test func arraysRepeatTheFieldNameOncePerElement() {
        var form = FormFields(dates: .iso8601)
        form.append("event", ["initiated", "ringing"])
        form.append("none", [Int]?.none)
        form.append("empty", [Int]())
        #expect(
            form.fields == [FormField(name: "event", value: "initiated"), FormField(name: "event", value: "ringing")])
    }
}

/// Structured form values: objects, maps, arrays of objects and untyped JSON.
extension FormFieldsTests {
    struct Address: Encodable, Sendable {
        var city: String
        var zip: Int?
        var geo: [String: Double]?
        var since: Date?
    }

    struct Item: Encodable, Sendable {
        var price: String
        var quantity: Int
    }

    @Test func formStyleSpreadsTheObjectsPropertiesAsFieldsOfTheirOwn() {
        var form = FormFields(dates: .iso8601)
        form.append(
            "address",
            encoding: Address(
                city: "Paris", zip: nil, geo: ["lng": 2.35, "lat": 48.85], since: Date(timeIntervalSince1970: 0)))
        form.append("missing", encoding: Address?.none)
        #expect(
            form.fields == [
                FormField(name: "city", value: "Paris"),
                FormField(name: "geo[lat]", value: "48.85"),
                FormField(name: "geo[lng]", value: "2.35"),
                FormField(name: "since", value: "1970-01-01T00:00:00Z")
            ])
    }

    /// Stripe documents `expand[]=customer`; Rack reads `expand[0]` as a hash, `expand[]` as an array.
    @Test func deepObjectStyleWritesTheScalarElementsOfAnArrayWithEmptyBrackets() {
        var form = FormFields(dates: .secondsSince1970)
        form.append("expand", encoding: ["customer", "invoice"], style: .deepObject)
        form.append("amounts", encoding: [Int]?.none, style: .deepObject)
        #expect(
            form.fields == [
                FormField(name: "expand[]", value: "customer"), FormField(name: "expand[]", value: "invoice")
            ])
    }

    @Test func deepObjectStyleNestsThePropertiesUnderTheName() {
        var form = FormFields(dates: .secondsSince1970)
        form.append(
            "address", encoding: Address(city: "Paris", zip: 75001, geo: nil, since: Date(timeIntervalSince1970: 90)),
            style: .deepObject)
        form.append("metadata", encoding: ["order": "6735", "note": "a&b"], style: .deepObject)
        #expect(
            form.fields == [
                FormField(name: "address[city]", value: "Paris"),
                FormField(name: "address[since]", value: "90"),
                FormField(name: "address[zip]", value: "75001"),
                FormField(name: "metadata[note]", value: "a&b"),
                FormField(name: "metadata[order]", value: "6735")
            ])
    }

    @Test func arraysOfObjectsAreIndexedAndScalarElementsRepeatTheName() {
        var form = FormFields(dates: .iso8601)
        form.append("items", encoding: [Item(price: "price_1", quantity: 2), Item(price: "price_2", quantity: 1)])
        form.append("tags", encoding: [JSONValue.string("a"), .int(2), .null])
        #expect(
            form.fields == [
                FormField(name: "items[0][price]", value: "price_1"),
                FormField(name: "items[0][quantity]", value: "2"),
                FormField(name: "items[1][price]", value: "price_2"),
                FormField(name: "items[1][quantity]", value: "1"),
                FormField(name: "tags", value: "a"),
                FormField(name: "tags", value: "2")
            ])
    }

    @Test func untypedValuesAreTextOrJSONText() {
        var form = FormFields(dates: .iso8601)
        form.append(
            "Parameter",
            json: .object(["b": .int(1), "a": .array([.bool(true), .double(0.5)]), "url": .string("https://x.org/a")]))
        form.append("Plain", json: .string("text"))
        form.append("Number", json: .double(2.0))
        form.append("Null", json: .null)
        form.append("Missing", json: nil)
        #expect(
            form.fields == [
                FormField(name: "Parameter", value: #"{"a":[true,0.5],"b":1,"url":"https://x.org/a"}"#),
                FormField(name: "Plain", value: "text"),
                FormField(name: "Number", value: "2")
            ])
    }

    @Test func nonFiniteNumbersInsideObjectsAreWrittenNotDropped() {
        var form = FormFields(dates: .iso8601)
        form.append("geo", encoding: ["lat": Double.nan], style: .deepObject)
        #expect(form.fields == [FormField(name: "geo[lat]", value: "nan")])
    }

    @Test func objectPartsOfAMultipartBodyAreJSON() throws {
        let part = MultipartPart(
            name: "meta", json: Address(city: "Paris", zip: 1, geo: nil, since: Date(timeIntervalSince1970: 0)),
            dates: .iso8601)
        #expect(part.contentType == "application/json")
        let decoded = try JSONDecoder().decode(JSONValue.self, from: part.source.loadedData())
        #expect(
            decoded == .object(["city": .string("Paris"), "zip": .int(1), "since": .string("1970-01-01T00:00:00Z")]))
    }
}
