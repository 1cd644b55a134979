import Foundation
import Testing

/// `specwright diff` as a command: identity pairs, the union rule on Figma, formats, exit codes.
@Suite struct APIDiffCommandTests {
    static var corpusDocuments: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: DiffSupport.openAPIFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
    }

    @Test(
        "every real document and spec compared with itself has no findings",
        arguments: corpusDocuments + ["specs/bookstore.yaml", "specs/social.yaml"])
    func identityPairsHaveNoFindings(document: String) throws {
        let text = try DiffSupport.corpus(document) ?? DiffSupport.packageFile(document)
        let ext = document.hasSuffix(".json") ? "json" : "yaml"
        let run = DiffSupport.diff(text, text, ext: ext, ["--fail-on", "any"])
        #expect(run.standardOutput == "0 breaking changes, 0 compatible changes (old.\(ext) → new.\(ext))\n")
        #expect(run.exitCode == 0)
    }

    @Test func twiliosYAMLAndItsJSONTwinDescribeTheSameAPI() throws {
        guard let yaml = DiffSupport.corpus("twilio-api-v2010.yaml"),
            let json = DiffSupport.corpus("twilio-api-v2010.json")
        else { return }
        let run = runCLI(
            ["diff", "old.yaml", "new.json"], files: ["old.yaml": Array(yaml.utf8), "new.json": Array(json.utf8)])
        #expect(run.standardOutput == "0 breaking changes, 0 compatible changes (old.yaml → new.json)\n")
        #expect(run.exitCode == 0)
    }

    @Test func aNewAlternativeOfAResponseUnionIsBreaking() throws {
        guard let figma = DiffSupport.corpus("figma.yaml") else { return }
        // The old version lacks CanvasNode; the new one (the real document) adds it.
        var old = try DiffSupport.mutated(
            figma, "        - $ref: \"#/components/schemas/CanvasNode\"\n      discriminator:", "      discriminator:")
        old = try DiffSupport.mutated(old, "          CANVAS: \"#/components/schemas/CanvasNode\"\n", "")
        let run = DiffSupport.diff(old, figma)
        #expect(
            run.standardOutput.split(separator: "\n") == [
                "new.yaml:3609:5: error: breaking: union 'Node' has a new alternative CanvasNode that old clients cannot decode",
                "old.yaml:3609:5: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ])
        #expect(run.exitCode == 1)
    }

    @Test func failOnSelectsWhatFailsTheRun() throws {
        guard let text = DiffSupport.corpus("oai-v30-petstore.yaml") else { return }
        let breaking = try DiffSupport.mutated(text, "          required: false\n", "          required: true\n")
        let compatible = try DiffSupport.mutated(text, "summary: List all pets", "summary: Lists every pet")
        #expect(DiffSupport.diff(text, breaking, ["--fail-on", "none"]).exitCode == 0)
        #expect(DiffSupport.diff(text, breaking, ["--fail-on", "breaking"]).exitCode == 1)
        #expect(DiffSupport.diff(text, compatible, ["--fail-on", "breaking"]).exitCode == 0)
        #expect(DiffSupport.diff(text, compatible, ["--fail-on", "any"]).exitCode == 1)
        #expect(DiffSupport.diff(text, compatible, ["--fail-on", "some"]).exitCode == 2)
    }

    @Test func jsonFormatListsEveryChangeWithBothLocations() throws {
        guard let text = DiffSupport.corpus("oai-v30-petstore.yaml") else { return }
        let run = DiffSupport.diff(
            text, try DiffSupport.mutated(text, "          required: false\n", "          required: true\n"),
            ["--format", "json"])
        #expect(
            run.standardOutput == """
                {"breaking":1,"changes":[{"kind":"breaking","location":{"column":17,"file":"new.yaml","line":17},\
                "message":"parameter 'limit' of 'pets.listPets' became required",\
                "oldLocation":{"column":17,"file":"old.yaml","line":17}}],"compatible":0,"new":"new.yaml","old":"old.yaml"}

                """)
        #expect(run.exitCode == 1)
    }

    @Test func documentsThatDoNotLoadOrDifferInFormatAreErrors() throws {
        let spec = try DiffSupport.packageFile("specs/bookstore.yaml")
        let broken = DiffSupport.diff(spec, "specwright: 1\nname: [\n")
        #expect(broken.exitCode == 2)
        #expect(broken.standardError.hasPrefix("new.yaml:"))
        guard let openAPI = DiffSupport.corpus("oai-v30-petstore.yaml") else { return }
        let mixed = DiffSupport.diff(spec, openAPI)
        #expect(mixed.exitCode == 2)
        #expect(
            mixed.standardError
                == "new.yaml:1:1: error: cannot compare a Specwright spec with an OpenAPI document; give two of the same format\n"
        )
        #expect(runCLI(["diff", "only.yaml"], files: [:]).exitCode == 2)
    }
}
