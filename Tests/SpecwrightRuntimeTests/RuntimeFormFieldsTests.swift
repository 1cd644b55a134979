import Foundation
import SpecwrightRuntime
import Testing

/// `FormFields`: how generated endpoints build URL-encoded form bodies.
@Suite struct RuntimeFormFieldsTests {
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
        #expect(form.fields == [
            FormField(name: "name", value: "Ann"),
            FormField(name: "age", value: "41"),
            FormField(name: "ratio", value: "0.5"),
            FormField(name: "whole", value: "2"),
            FormField(name: "admin", value: "false"),
            FormField(name: "mood", value: "calm"),
            FormField(name: "since", value: "1970-01-01T00:00:00Z"),
            FormField(name: "id", value: "6F9619FF-8B86-D011-B42D-00C04FC964FF"),
            FormField(name: "nan", value: "nan"),
        ])
    }

    @Test func datesFollowTheServiceCoding() {
        var form = FormFields(dates: .secondsSince1970)
        form.append("at", Date(timeIntervalSince1970: 90))
        #expect(form.fields == [FormField(name: "at", value: "90")])
    }
}

extension RuntimeFormFieldsTests {
    @Test func arraysRepeatTheFieldNameOncePerElement() {
        var form = FormFields(dates: .iso8601)
        form.append("event", ["initiated", "ringing"])
        form.append("none", [Int]?.none)
        form.append("empty", [Int]())
        #expect(form.fields == [FormField(name: "event", value: "initiated"), FormField(name: "event", value: "ringing")])
    }
}
