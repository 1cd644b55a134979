import Foundation
import PackagePlugin

/// The mistakes a new user makes when setting up a plugin target, found before anything is
/// generated and reported with the fix: no spec in the target, a YAML file whose name the plugin
/// does not read, a config file that belongs to no spec.
struct TargetCheck {
    /// One finding; errors fail the build.
    struct Finding: Equatable {
        var isError: Bool
        var message: String
        /// The file it is about, when it is about one.
        var file: URL?
    }

    /// The target's name (`ShopAPI`).
    var targetName: String
    /// The target's folder relative to the package (`Sources/ShopAPI`), for the suggested command.
    var targetPath: String

    /// The findings for a target whose files are `files`, in a stable order.
    func findings(in files: [URL]) -> [Finding] {
        let sorted = files.sorted { $0.path < $1.path }
        let specs = sorted.map(\.lastPathComponent).filter { $0.hasSuffix(SpecFileNaming.specSuffix) }
        var findings: [Finding] = []
        if specs.isEmpty {
            findings.append(
                Finding(
                    isError: true,
                    message: """
                        target '\(targetName)' uses SpecwrightPlugin but has no *.specwright.yaml file; \
                        add one (specwright init --target \(targetPath)) or remove the plugin from the target
                        """))
        }
        for file in sorted {
            let name = file.lastPathComponent
            if name.hasSuffix(SpecFileNaming.configSuffix) {
                let spec = String(name.dropLast(SpecFileNaming.configSuffix.count)) + SpecFileNaming.specSuffix
                guard !specs.contains(spec) else { continue }
                var message =
                    "'\(name)' configures '\(spec)', which target '\(targetName)' does not have; "
                    + "a config file is read only next to the spec of the same name"
                if specs.count == 1, let only = specs.first {
                    let config = String(only.dropLast(SpecFileNaming.specSuffix.count)) + SpecFileNaming.configSuffix
                    message += " (for '\(only)': '\(config)')"
                }
                findings.append(Finding(isError: true, message: message, file: file))
            } else if !name.hasSuffix(SpecFileNaming.specSuffix), let suggestion = Self.specName(for: name) {
                findings.append(
                    Finding(
                        isError: false,
                        message: """
                            '\(name)' is not read by SpecwrightPlugin: only files named *.specwright.yaml are specs; \
                            rename it to '\(suggestion)' to generate a client from it
                            """, file: file))
            }
        }
        return findings
    }

    /// The spec name a YAML file was probably meant to have (`shop.yaml`, `shop.specwright.yml`
    /// → `shop.specwright.yaml`); `nil` for files that are not YAML.
    static func specName(for name: String) -> String? {
        var stem = name
        if stem.hasSuffix(".yaml") {
            stem.removeLast(5)
        } else if stem.hasSuffix(".yml") {
            stem.removeLast(4)
        } else {
            return nil
        }
        if stem.hasSuffix(".specwright-config") { return String(stem.dropLast(18)) + SpecFileNaming.configSuffix }
        if stem.hasSuffix(".specwright") { stem.removeLast(11) }
        return stem + SpecFileNaming.specSuffix
    }

    /// Sends the findings to SwiftPM (an error fails the build).
    static func report(_ findings: [Finding]) {
        for finding in findings {
            if finding.isError {
                Diagnostics.error(finding.message, file: finding.file?.path, line: nil)
            } else {
                Diagnostics.warning(finding.message, file: finding.file?.path, line: nil)
            }
        }
    }
}
