import Testing
import SpecwrightCore

@Suite struct GenerationConfigTests {
    @Test func readsAccessAndResolvesTemplatesAgainstTheConfigFolder() {
        let parsed = GenerationConfig.parse(
            Array("access: internal\ntemplates: Overrides\n".utf8), file: "/pkg/Sources/API/api.specwright-config.yaml")
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.config == GenerationConfig(access: .internal, templatesDirectory: "/pkg/Sources/API/Overrides"))
    }

    @Test func readsMutableProperties() {
        let parsed = GenerationConfig.parse(Array("mutableProperties: true\n".utf8), file: "c.yaml")
        #expect(parsed.config == GenerationConfig(mutableProperties: true))
        let wrong = GenerationConfig.parse(Array("mutableProperties: sometimes\n".utf8), file: "c.yaml")
        #expect(
            wrong.diagnostics.map(\.description) == ["c.yaml:1:20: error: 'mutableProperties' must be true or false"])
    }

    @Test func anEmptyFileMeansDefaults() {
        #expect(GenerationConfig.parse([], file: "c.yaml").config == GenerationConfig())
    }

    @Test func unknownKeysAndBadValuesAreLocatedErrors() {
        let parsed = GenerationConfig.parse(Array("acess: internal\naccess: open\n".utf8), file: "c.yaml")
        #expect(parsed.config == nil)
        #expect(
            parsed.diagnostics.map(\.description) == [
                "c.yaml:1:1: error: unknown key 'acess' in generation config (did you mean 'access'?)",
                "c.yaml:2:9: error: 'access' must be public, package or internal, not 'open'"
            ])
    }
}

extension GenerationConfigTests {
    @Test func readsAFilterWithItsLocations() throws {
        let text =
            "filter:\n  operations: [listPets, showPetById]\n  tags: pets\n  paths: ['/pets/{petId}']\n  schemas: [Error]\n"
        let parsed = GenerationConfig.parse(Array(text.utf8), file: "c.yaml")
        #expect(parsed.diagnostics.isEmpty)
        let filter = try #require(parsed.config?.filter)
        #expect(filter.operations.map(\.value) == ["listPets", "showPetById"])
        #expect(filter.operations.first?.location.description == "c.yaml:2:16")
        #expect(filter.tags.map(\.value) == ["pets"])
        #expect(filter.paths.map(\.value) == ["/pets/{petId}"])
        #expect(filter.schemas.map(\.value) == ["Error"])
        #expect(GenerationConfig.parse([], file: "c.yaml").config?.filter.isEmpty == true)
    }

    @Test func filterMistakesAreLocatedErrors() {
        let parsed = GenerationConfig.parse(
            Array("filter:\n  operation: [a]\n  tags: [{ x: 1 }]\n".utf8), file: "c.yaml")
        #expect(parsed.config == nil)
        #expect(
            parsed.diagnostics.map(\.description) == [
                "c.yaml:2:3: error: unknown key 'operation' in 'filter' (did you mean 'operations'?)",
                "c.yaml:3:10: error: 'filter.tags' must list names"
            ])
        let notMapping = GenerationConfig.parse(Array("filter: [a]\n".utf8), file: "c.yaml")
        #expect(
            notMapping.diagnostics.map(\.description) == [
                "c.yaml:1:9: error: 'filter' must be a mapping of operations, tags, paths and schemas"
            ])
    }
}
