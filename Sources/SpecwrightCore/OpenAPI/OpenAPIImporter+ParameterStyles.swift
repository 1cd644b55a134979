import SpecwrightYAML

extension OpenAPIImporter {
    /// Applies OpenAPI's `style` and `explode` of a form field, query parameter or cookie (the
    /// `form` family of serializations) to `parameter`; `false`, with a located warning naming
    /// `subject`, when the value cannot be sent that way.
    ///
    /// Scalars and arrays of them: `explode: false` and the delimited styles join an array into
    /// one field (`tags=a,b`), `deepObject` writes it under `name[]` (`expand[]=a&expand[]=b`).
    /// Objects, maps, unions and arrays of them: `form` with `explode: true` writes each property
    /// as a field of its own, `form` with `explode: false` (and the delimited styles) as one field
    /// `name=a,1,b,2`, `deepObject` nests the properties under the name (`created[gte]=1`); the
    /// runtime's `StructuredValueText` documents the nesting of objects and arrays. A union whose
    /// value is a scalar is sent as `name=value` in every style.
    mutating func applyFormStyle(
        _ style: String?, explode: Bool?, to parameter: inout IR.Parameter, subject: String,
        at location: SourceLocation
    ) -> Bool {
        let style = style ?? "form"
        let explode = explode ?? (style == "form" || style == "deepObject")
        let type = parameter.type.nonOptional
        let delimited = ["spaceDelimited": " ", "pipeDelimited": "|"]
        if isQueryCompatible(type) {
            guard type.arrayElement != nil else { return true }  // a style changes nothing for a scalar
            if let separator = delimited[style] ?? (style == "form" && !explode ? "," : nil) {
                parameter.arraySeparator = separator
            } else if style == "deepObject", explode {
                parameter.objectStyle = .deepObject
            } else if style != "form" {
                skip(
                    .parameterStyle, "\(subject) is not sent: style '\(style)' does not apply to an array",
                    at: location)
                return false
            }
            return true
        }
        if isUntyped(type) { return true }
        switch style {
        case "form" where explode:
            if let element = type.arrayElement, !isQueryCompatible(element) {
                skip(
                    .parameterStyle,
                    "\(subject) is an array of objects, which OpenAPI's form style does not define; it is sent as '\(parameter.wireName.value)[0][property]=value'",
                    at: location)
            }
        case "form", "spaceDelimited", "pipeDelimited":
            parameter.arraySeparator = delimited[style] ?? ","
        case "deepObject" where explode:
            parameter.objectStyle = .deepObject
        default:
            skip(
                .parameterStyle,
                "\(subject) is not sent: style '\(style)' with explode \(explode) is not supported for objects (use 'form', or 'deepObject' with explode true)",
                at: location)
            return false
        }
        return true
    }

    /// The schema of a parameter and whether its value is sent as JSON text: its `schema`, or the
    /// schema of its one `content` media type (JSON media types as JSON text, text media types as
    /// the plain value); `nil`, with a located warning, for a parameter that has neither or whose
    /// media type is not JSON or text.
    mutating func parameterSchema(_ parameter: OpenAPI.Parameter, subject: String) -> (
        schema: Schema?, isJSON: Bool
    )? {
        if let schema = parameter.schema { return (schema, false) }
        guard let entry = parameter.content.first else {
            skip(
                .parameterStyle, "\(subject) has neither 'schema' nor 'content'; it is not sent", at: parameter.location
            )
            return nil
        }
        if Self.isJSON(entry.mediaType) { return (entry.media.schema, true) }
        if entry.mediaType.lowercased().hasPrefix("text/"), let schema = entry.media.schema { return (schema, false) }
        skip(
            .parameterStyle,
            "\(subject) is not sent: its content media type '\(entry.mediaType)' is neither JSON nor text",
            at: entry.media.location)
        return nil
    }
}

extension OpenAPIImporter {
    /// Applies the `style` and `explode` of a path parameter (RFC 6570 expansion, the runtime's
    /// `PathSegmentText`): `label` and `matrix` for every value, `simple` for arrays, objects, maps
    /// and unions; a scalar in `simple` style stays a plain segment. Another style is warned about
    /// and the value is sent in `simple` style.
    mutating func applyPathStyle(_ parameter: OpenAPI.Parameter, to lowered: inout IR.Parameter, subject: String)
        -> Bool
    {
        let explode = parameter.explode ?? false
        var style = IR.PathStyle(rawValue: parameter.style ?? "simple")
        if style == nil {
            skip(
                .parameterStyle,
                "\(subject) has style '\(parameter.style ?? "")', which does not apply to a path; it is sent in style 'simple'",
                at: parameter.location)
            style = .simple
        }
        let type = lowered.type.nonOptional
        if style == .simple, isQueryCompatible(type, allowArray: false) || isUntyped(type) { return true }
        lowered.objectStyle = .path(style ?? .simple, explode: explode)
        return true
    }
}
