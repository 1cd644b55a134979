import Foundation
import Testing
@testable import SpecwrightCLI
import SpecwrightCore

/// `specwright validate` on specs: what it prints and its exit codes.
@Suite struct ValidateCommandTests {
    @Test func validatingTheBookstoreSpecSucceeds() {
        let path = repositoryRoot.appendingPathComponent("specs/bookstore.yaml").path
        let run = runCLI(["validate", path])
        #expect(run.exitCode == 0)
        #expect(run.standardError == "")
        #expect(run.standardOutput == "\(path): valid (5 types, 6 endpoints)\n")
    }

    /// Every spec in `specs/`.
    @Test func everyShippedSpecIsValid() throws {
        var paths: [String] = []
        for folder in ["specs"] {
            let directory = repositoryRoot.appendingPathComponent(folder)
            paths += try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".yaml") }.sorted().map { directory.appendingPathComponent($0).path }
        }
        #expect(paths.count >= 2)
        let run = runCLI(["validate", "--quiet"] + paths)
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput == "")
    }

    @Test func aBrokenSpecPrintsAllErrorsSortedAndExitsWithOne() {
        let spec = """
            specwright: 1
            name: Shop
            baseURL: https://x.example
            endpoints:
              books:
                list: { get: /books, response: "[Bok]", timeout: -1 }
            nmae: Shop
            """
        let run = runCLI(["validate", "shop.yaml"], files: ["shop.yaml": Array(spec.utf8)])
        #expect(run.exitCode == 1)
        #expect(
            run.errorLines == [
                "shop.yaml:6:38: error: unknown type 'Bok'",
                "shop.yaml:6:54: error: 'timeout' must be greater than 0, not -1",
                "shop.yaml:7:1: error: unknown key 'nmae' in the spec (did you mean 'name'?)"
            ])
        #expect(run.standardOutput == "")
    }

    @Test func theReadmeDiagnosticsExampleIsWhatTheToolPrints() throws {
        let spec = """
            specwright: 1
            name: Shop
            baseURL: https://x.example
            types: { Book: { properties: { id: UUID } } }
            endpoints:
              books:
                list: { get: /books, response: "[Bok]", timeout: -1 }
            nmae: Shop
            """
        let readme = String(decoding: try repositoryFile("README.md"), as: UTF8.self)
        let documented = readme.split(separator: "\n").filter { $0.hasPrefix("shop.yaml:") }.map(String.init)
        let run = runCLI(["validate", "shop.yaml"], files: ["shop.yaml": Array(spec.utf8)])
        #expect(documented.count == 3)
        #expect(run.errorLines == documented)
    }

    @Test func severalFilesAreAllCheckedAndAnyFailureFailsTheRun() {
        let good = "specwright: 1\nname: A\nbaseURL: https://a.example\n"
        let run = runCLI(
            ["validate", "a.yaml", "missing.yaml", "b.yaml"],
            files: ["a.yaml": Array(good.utf8), "b.yaml": Array(good.utf8)])
        #expect(run.exitCode == 1)
        #expect(run.standardError == "error: cannot read 'missing.yaml': no such file\n")
        #expect(run.standardOutput == "a.yaml: valid (0 types, 0 endpoints)\nb.yaml: valid (0 types, 0 endpoints)\n")
    }

    @Test func aMissingFileOnDiskIsReported() {
        let run = runCLI(["validate", "/nonexistent/dir/spec.yaml"])
        #expect(run.exitCode == 1)
        #expect(run.standardError == "error: cannot read '/nonexistent/dir/spec.yaml': no such file\n")
    }

    @Test func warningsAloneKeepTheSpecValid() {
        let spec = """
            specwright: 1
            name: S
            baseURL: https://s.example
            types:
              Q: { properties: { q: String } }
            endpoints:
              search:
                run: { get: /search, body: Q }
            """
        let run = runCLI(["validate", "-q", "s.yaml"], files: ["s.yaml": Array(spec.utf8)])
        #expect(run.exitCode == 0)
        #expect(
            run.errorLines == [
                "s.yaml:8:32: warning: a GET request with a body is not portable; servers and URLSession may drop it"
            ])
    }
}

extension ValidateCommandTests {
    /// `validate --config` checks the config's filter and policies against each document, as CI wants.
    @Test func validateChecksTheConfigsPoliciesAgainstTheDocument() {
        let spec =
            "specwright: 1\nname: A\nbaseURL: https://a.example\nendpoints:\n  books:\n    list: { get: /books, response: \"[String]\" }\n"
        let good = "policies:\n  - operations: [books.list]\n    cache: http\n"
        let valid = runCLI(
            ["validate", "a.yaml", "--config", "c.yaml"],
            files: ["a.yaml": Array(spec.utf8), "c.yaml": Array(good.utf8)])
        #expect(valid.exitCode == 0)
        let bad = "policies:\n  - tags: [book]\n    cache: http\n"
        let run = runCLI(
            ["validate", "a.yaml", "--config", "c.yaml"], files: ["a.yaml": Array(spec.utf8), "c.yaml": Array(bad.utf8)]
        )
        #expect(run.exitCode == 1)
        #expect(
            run.standardError
                == "c.yaml:2:12: error: policy tag 'book' names no tag of the document (did you mean 'books'?)\n")
    }
}
