import Foundation
import SpecwrightYAML
import Testing

/// The GitHub Actions workflows are valid YAML (read with the package's own parser) and hold the
/// jobs `docs/ci.md` and the README describe.
@Suite struct WorkflowFileTests {
    static func workflow(_ path: String) throws -> Node {
        let url = repositoryRoot.appendingPathComponent(path)
        let bytes = Array(try #require(FileManager.default.contents(atPath: url.path), "missing \(path)"))
        return try YAMLParser.parseDocument(bytes, file: path)
    }

    /// The `run:` texts of a job's steps, in order.
    static func runs(_ job: Node?) -> [String] {
        (job?["steps"]?.sequence ?? []).compactMap { $0["run"]?.string }
    }

    /// The `uses:` actions of a job's steps, in order.
    static func uses(_ job: Node?) -> [String] {
        (job?["steps"]?.sequence ?? []).compactMap { $0["uses"]?.string }
    }

    @Test func theRepositoryWorkflowRunsCIRunOnLinuxAndBuildsAndTestsWithTheLatestXcode() throws {
        let root = try Self.workflow(".github/workflows/ci.yml")
        // YAML 1.2: `on` is a string key, not the boolean true.
        #expect(root["on"]?["push"] != nil)
        #expect(root["on"]?["pull_request"] != nil)
        let jobs = try #require(root["jobs"]?.mapping).compactMap { $0.key.string }
        #expect(jobs == ["linux", "macos"])

        let linux = root["jobs"]?["linux"]
        #expect(linux?["runs-on"]?.string == "ubuntu-latest")
        #expect(linux?["container"]?.string?.hasPrefix("swift:") == true)
        #expect(Self.uses(linux).first == "actions/checkout@v4")
        #expect(Self.runs(linux) == [".ci/run"])

        let macos = root["jobs"]?["macos"]
        #expect(macos?["runs-on"]?.string == "macos-latest")
        let xcode = macos?["steps"]?.sequence?.first {
            $0["uses"]?.string?.hasPrefix("maxim-lobanov/setup-xcode") == true
        }
        #expect(xcode?["with"]?["xcode-version"]?.string == "latest-stable")
        let runs = Self.runs(macos)
        #expect(runs.contains("swift build"))
        #expect(runs.contains("swift test"))
        #expect(runs.firstIndex(of: "swift build")! < runs.firstIndex(of: "swift test")!)
    }

    @Test func theUsersExampleChecksTheClientDiffsAgainstTheBaseBranchAndBuilds() throws {
        let root = try Self.workflow("Examples/CI/specwright-client.yml")
        #expect(root["on"]?["pull_request"] != nil)
        let job = root["jobs"]?["client"]
        #expect(Self.uses(job).first == "actions/checkout@v4")
        // The base branch must be fetched for `git show origin/<base>:<spec>`.
        #expect(job?["steps"]?.sequence?.first?["with"]?["fetch-depth"]?.scalar?.text == "0")
        let runs = Self.runs(job)
        #expect(runs.count == 4)
        #expect(runs[0] == "swift package --allow-writing-to-package-directory generate-client --check --diff")
        #expect(runs[1].contains("git show \"origin/${{ github.base_ref }}:$SPEC\""))
        #expect(runs[1].contains("swift run specwright diff \"$RUNNER_TEMP/base.specwright.yaml\" \"$SPEC\""))
        #expect(runs[2] == "swift build")
        #expect(runs[3] == "swift test")
        let diffStep = job?["steps"]?.sequence?.first { $0["run"]?.string == runs[1] }
        #expect(diffStep?["if"]?.string == "github.event_name == 'pull_request'")
        // The spec it names exists in the example package, so the workflow is runnable as shown.
        let spec = try #require(root["env"]?["SPEC"]?.string)
        #expect(
            FileManager.default.fileExists(
                atPath: repositoryRoot.appendingPathComponent("Examples/BookstoreExample/" + spec).path))
    }

    @Test func theExampleWorkflowInTheREADMEIsTheCheckedFile() throws {
        let readme = String(decoding: try repositoryFile("README.md"), as: UTF8.self)
        let example = String(decoding: try repositoryFile("Examples/CI/specwright-client.yml"), as: UTF8.self)
        let body = example.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("#") }.joined(
            separator: "\n")
        #expect(readme.contains("```yaml\n" + body.trimmingCharacters(in: .newlines) + "\n```"))
    }
}
