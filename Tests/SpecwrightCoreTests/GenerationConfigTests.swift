import Testing
import SpecwrightCore
import SpecwrightCLI

@Suite struct GenerationConfigTests {
    @Test func readsAccessAndResolvesTemplatesAgainstTheConfigFolder() {
        let parsed = GenerationConfig.parse(Array("access: internal\ntemplates: Overrides\n".utf8), file: "/pkg/Sources/API/api.specwright-config.yaml")
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.config == GenerationConfig(access: .internal, templatesDirectory: "/pkg/Sources/API/Overrides"))
    }

    @Test func readsMutableProperties() {
        let parsed = GenerationConfig.parse(Array("mutableProperties: true\n".utf8), file: "c.yaml")
        #expect(parsed.config == GenerationConfig(mutableProperties: true))
        let wrong = GenerationConfig.parse(Array("mutableProperties: sometimes\n".utf8), file: "c.yaml")
        #expect(wrong.diagnostics.map(\.description) == ["c.yaml:1:20: error: 'mutableProperties' must be true or false"])
    }

    @Test func anEmptyFileMeansDefaults() {
        #expect(GenerationConfig.parse([], file: "c.yaml").config == GenerationConfig())
    }

    @Test func unknownKeysAndBadValuesAreLocatedErrors() {
        let parsed = GenerationConfig.parse(Array("acess: internal\naccess: open\n".utf8), file: "c.yaml")
        #expect(parsed.config == nil)
        #expect(parsed.diagnostics.map(\.description) == [
            "c.yaml:1:1: error: unknown key 'acess' in generation config (did you mean 'access'?)",
            "c.yaml:2:9: error: 'access' must be public, package or internal, not 'open'",
        ])
    }
}
