/// The generation config `specwright init --target` writes next to the spec: every setting
/// commented out, so it changes nothing until one is enabled (an empty config is valid).
enum StarterConfig {
    /// The config text; keys and values as `GenerationConfig` reads them.
    static let text = """
        # Generation settings for the spec next to this file (all optional; see the README's plugin section).
        # access: internal          # public (default) | package | internal
        # templates: Templates      # a folder of .mustache overrides, relative to this file
        # mutableProperties: true   # var instead of let on generated objects (slower to compile)
        # filter:                   # generate only what the app calls
        #   operations: [items.get] # spec endpoint (`get` or `items.get`) / OpenAPI operationId
        #   tags: [items]           # spec group / OpenAPI tag
        #   paths: [/items/{id}]    # path template as written
        #   schemas: [Problem]      # types to keep even when no kept operation uses them

        """
}
