import Foundation

/// The package's root folder (`Tests/TestSupport/` is two levels below it), for tests that read
/// the package's specs, fixtures, documentation or sources.
public let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The bytes of a file of the package, by its path relative to ``repositoryRoot``.
public func repositoryFile(_ relativePath: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: repositoryRoot.appendingPathComponent(relativePath)))
}
