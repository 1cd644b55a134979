import Foundation
import SpecwrightCore
import Testing

/// A `required` property with a `default` (figma has 11, uspto 1): the default pre-fills the
/// memberwise initializer, as a user of `Foo()` expects, the value is always sent (it is required),
/// and decoding still requires the key (the document says the server always writes it). In a
/// `PATCH` body the caller chooses its value: no initializer default there, the doc comment names
/// it. The spec format agrees: a non-optional property with a `default` pre-fills the initializer
/// and is always sent (its default is also decoding's fallback, as the spec format documents).
@Suite struct OpenAPIRequiredDefaultsTests {
    static let document = OpenAPISupport.document(
        paths: """
              /reminders:
                post:
                  operationId: createReminder
                  requestBody:
                    content:
                      application/json:
                        schema: { $ref: '#/components/schemas/Reminder' }
                  responses:
                    '201':
                      content:
                        application/json:
                          schema: { $ref: '#/components/schemas/Reminder' }
              /{dataset}/search:
                post:
                  operationId: performSearch
                  parameters:
                    - { name: dataset, in: path, required: true, schema: { type: string, default: oa_citations } }
                    - { name: limit, in: query, required: true, schema: { type: integer, default: 20 } }
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          required: [criteria]
                          properties:
                            criteria: { type: string, default: '*:*' }
                            start: { type: integer, default: 0 }
                  responses:
                    '204': { description: Found. }
              /{dataset}/fields:
                patch:
                  operationId: updateFields
                  parameters:
                    - { name: dataset, in: path, required: true, schema: { type: string } }
                  requestBody:
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          required: [criteria]
                          properties:
                            criteria: { type: string, default: '*:*' }
                            start: { type: integer, default: 0 }
                  responses:
                    '204': { description: Stored. }
              /reminders/{id}:
                patch:
                  operationId: updateReminder
                  parameters:
                    - { name: id, in: path, required: true, schema: { type: integer } }
                  requestBody:
                    content:
                      application/json:
                        schema: { $ref: '#/components/schemas/ReminderPatch' }
                  responses:
                    '204': { description: Stored. }
            """,
        schemas: """
                Level:
                  type: integer
                  enum: [1, 2]
                  x-enum-varnames: [low, high]
                Window:
                  type: object
                  required: [start]
                  properties:
                    start: { type: integer }
                Reminder:
                  type: object
                  required: [title, level, offsets, window, bad, stray]
                  properties:
                    title: { type: string }
                    level: { $ref: '#/components/schemas/Level', default: 2 }
                    offsets: { type: array, items: { type: integer }, default: [10, 60] }
                    window: { $ref: '#/components/schemas/Window', default: { start: 3 } }
                    bad: { type: integer, default: soon }
                    stray: { $ref: '#/components/schemas/Window', default: { end: 3 } }
                ReminderPatch:
                  type: object
                  required: [revision]
                  properties:
                    revision: { type: integer, default: 0 }
            """)

    @Test("a required property's default pre-fills the initializer; decoding still requires the key")
    func requiredDefaultsPrefillTheInitializer() throws {
        let output = try OpenAPISupport.generate(Self.document)
        #expect(output.succeeded, "\(output.diagnostics)")
        let types = output.types.filter { !$0.isWhitespace }
        #expect(
            types.contains(
                "publicinit(title:String,level:Level=.high,offsets:[Int]=[10,60],window:Window=Window(start:3),bad:Int,stray:Window)"
            ), "\(output.types)")
        for key in ["level", "offsets", "window"] {
            #expect(types.contains("try fields.required(\"\(key)\")".filter { !$0.isWhitespace }), "\(key)")
            #expect(types.contains("fields.field(\"\(key)\","), "always sent: \(key)")
        }
        #expect(!types.contains("fields.optional(\"level\""), "no decoding fallback")
    }

    @Test("a required default that does not fit is reported and left out; the property stays required")
    func aMisfitRequiredDefaultIsLeftOut() throws {
        let output = try OpenAPISupport.generate(Self.document)
        let types = output.types.filter { !$0.isWhitespace }
        #expect(types.contains("publicletbad:Int") && types.contains("publicletstray:Window"), "\(output.types)")
        #expect(
            output.diagnostics.contains { $0.contains("the 'default' value 'soon' is not an integer; it is left out") },
            "\(output.diagnostics)")
    }

    @Test("in a PATCH body a required property is the caller's choice; the doc comment names the default")
    func aPatchBodyLeavesTheRequiredDefaultToTheCaller() throws {
        let output = try OpenAPISupport.generate(Self.document)
        let types = output.types.filter { !$0.isWhitespace }
        #expect(types.contains("publicinit(revision:Int)"), "\(output.types)")
        #expect(types.contains("try fields.required(\"revision\")".filter { !$0.isWhitespace }))
        #expect(output.types.contains("/// Default: `0` (the server's)."), "\(output.types)")
        #expect(output.types.contains("/// Required: a `PATCH` sends it, so the caller chooses its value."))
    }

    @Test("a required parameter or form field with a default is the method's default argument, always sent")
    func requiredParametersAndFieldsTakeTheirDefaults() throws {
        let output = try OpenAPISupport.generate(Self.document)
        let swift = output.swift.filter { !$0.isWhitespace }
        #expect(
            swift.contains(
                "performSearch(dataset:String=\"oa_citations\",criteria:String=\"*:*\",start:Int=0,limit:Int=20"),
            "\(output.client)")
        #expect(swift.contains("formFields.append(\"criteria\",criteria)"), "\(output.endpoints)")
        // In a PATCH the caller chooses the required value; the optional one is left to the server.
        #expect(swift.contains("updateFields(dataset:String,criteria:String,start:Int?=nil"), "\(output.client)")
        #expect(
            output.swift.contains(
                "- Parameter criteria: Default: `\"*:*\"` (the server's); required: a `PATCH` sends it"
            ), "\(output.client)")
    }

    @Test("the spec format agrees: a non-optional property with a default pre-fills and is always sent")
    func theSpecFormatPrefillsToo() throws {
        let (files, diagnostics) = try GenerationSupport.generate(
            GenerationSupport.spec(
                types:
                    "  Reminder:\n    properties:\n      title: String\n      offsets: { type: \"[Int]\", default: [10, 60] }\n"
            ))
        let types = (files["Types.swift"] ?? "").filter { !$0.isWhitespace }
        #expect(types.contains("publicinit(title:String,offsets:[Int]=[10,60])"), "\(files) \(diagnostics)")
        #expect(types.contains("fields.field(\"offsets\","), "always sent")
    }
}
