/// The synthetic documents of `specwright-bench scaling`: one builder per shape of issue 17,
/// each taking a size `n` (the benchmark runs n = base × 1, 4, 16).
struct ScalingShape: Sendable {
    var name: String
    /// What `n` counts.
    var unit: String
    var base: Int
    /// The document (JSON text) for size `n`.
    var document: @Sendable (Int) -> String

    static let all: [ScalingShape] = [
        ScalingShape(name: "allOf fan-out", unit: "levels, 3 refs each", base: 8, document: fanOut),
        ScalingShape(name: "nesting", unit: "levels of items, ×100 properties", base: 12, document: nesting),
        ScalingShape(
            name: "reference hops", unit: "aliases in a chain, each a query parameter", base: 1_000,
            document: referenceHops),
        ScalingShape(name: "wide object", unit: "properties", base: 2_000, document: wideObject),
        ScalingShape(
            name: "many enum values", unit: "values", base: 2_000, document: { enumeration($0, colliding: false) }),
        ScalingShape(
            name: "colliding enum values", unit: "values", base: 2_000, document: { enumeration($0, colliding: true) }),
        ScalingShape(name: "colliding operationIds", unit: "operations", base: 500, document: collidingOperations),
        ScalingShape(
            name: "many parameters", unit: "parameters (path item + operation)", base: 2_000, document: parameters),
        ScalingShape(name: "JSON array + object", unit: "elements and keys", base: 20_000, document: largeJSON)
    ]

    private static func document(paths: String = "{}", schemas: String) -> String {
        #"{"openapi": "3.0.3", "info": {"title": "Scale", "version": "1"}, "paths": \#(paths), "components": {"schemas": \#(schemas)}}"#
    }

    /// Level i is `allOf` of three references to level i + 1 (three spellings) plus a property.
    static func fanOut(_ levels: Int) -> String {
        let spellings = ["#/components/schemas/L", "#/components/schem%61s/L", "#%2Fcomponents%2Fschemas%2FL"]
        var schemas = (0..<levels).map { level in
            let members = spellings.map { #"{"$ref": "\#($0)\#(level + 1)"}"# }.joined(separator: ", ")
            return #""L\#(level)": {"allOf": [\#(members)], "properties": {"p\#(level)": {"type": "string"}}}"#
        }
        schemas.append(#""L\#(levels)": {"type": "object", "properties": {"leaf": {"type": "integer"}}}"#)
        return document(schemas: "{" + schemas.joined(separator: ", ") + "}")
    }

    /// 100 properties, each an array nested `levels` deep.
    static func nesting(_ levels: Int) -> String {
        let nested =
            String(repeating: #"{"type": "array", "items": "#, count: levels) + #"{"type": "string"}"#
            + String(repeating: "}", count: levels)
        let properties = (0..<100).map { #""p\#($0)": \#(nested)"# }.joined(separator: ", ")
        return document(schemas: #"{"Deep": {"type": "object", "properties": {\#(properties)}}}"#)
    }

    /// A0 = A1 = … = An (a string enum), each alias the type of one query parameter.
    static func referenceHops(_ count: Int) -> String {
        var schemas = (0..<count).map { ##""A\##($0)": {"$ref": "#/components/schemas/A\##($0 + 1)"}"## }
        schemas.append(#""A\#(count)": {"type": "string", "enum": ["x", "y"]}"#)
        let parameters = (0..<count).map {
            ##"{"name": "a\##($0)", "in": "query", "schema": {"$ref": "#/components/schemas/A\##($0)"}}"##
        }
        let paths =
            #"{"/p": {"get": {"operationId": "get", "parameters": [\#(parameters.joined(separator: ", "))], "responses": {"204": {"description": "ok"}}}}}"#
        return document(paths: paths, schemas: "{" + schemas.joined(separator: ", ") + "}")
    }

    static func wideObject(_ count: Int) -> String {
        let properties = (0..<count).map { #""p\#($0)": {"type": "integer"}"# }.joined(separator: ", ")
        return document(schemas: #"{"Wide": {"type": "object", "properties": {\#(properties)}}}"#)
    }

    /// Distinct values, or values that all become the Swift name `a` (a dropped CJK letter).
    static func enumeration(_ count: Int, colliding: Bool) -> String {
        let values = (0..<count).map { index in
            colliding
                ? "\"a\(Character(Unicode.Scalar(0x4E00 + index % 20_000)!))\(String(repeating: "!", count: index / 20_000))\""
                : "\"v\(index)\""
        }
        return document(schemas: #"{"Kind": {"type": "string", "enum": [\#(values.joined(separator: ", "))]}}"#)
    }

    /// Operations in one group that all have the operationId `same`.
    static func collidingOperations(_ count: Int) -> String {
        let paths = (0..<count).map {
            #""/p\#($0)": {"get": {"tags": ["t"], "operationId": "same", "responses": {"204": {"description": "ok"}}}}"#
        }
        return document(paths: "{" + paths.joined(separator: ", ") + "}", schemas: "{}")
    }

    /// One operation whose path item and operation both list the same `count` query parameters.
    static func parameters(_ count: Int) -> String {
        let shared = (0..<count).map { #"{"name": "q\#($0)", "in": "query", "schema": {"type": "string"}}"# }.joined(
            separator: ", ")
        let own = (0..<count).map { #"{"name": "q\#($0)", "in": "query", "schema": {"type": "integer"}}"# }.joined(
            separator: ", ")
        let paths =
            #"{"/p": {"parameters": [\#(shared)], "get": {"operationId": "get", "parameters": [\#(own)], "responses": {"204": {"description": "ok"}}}}}"#
        return document(paths: paths, schemas: "{}")
    }

    /// A schema whose `example` is an array of `count` numbers and an object of `count` keys.
    static func largeJSON(_ count: Int) -> String {
        let array = (0..<count).map(String.init).joined(separator: ",")
        let object = (0..<count).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        return document(
            schemas:
                #"{"Big": {"type": "object", "properties": {"a": {"type": "string"}}, "example": {"array": [\#(array)], "object": {\#(object)}}}}"#
        )
    }
}
