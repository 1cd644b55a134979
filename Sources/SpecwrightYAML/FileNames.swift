import Foundation

/// The file names source locations refer to, each stored once for the life of the process.
///
/// A ``SourceLocation`` keeps a small index into this table instead of the name itself, so a
/// location is a plain value (no reference counting when nodes and decoded values are copied
/// or freed, 12 bytes instead of 32). A process sees a handful of distinct names (the specs it
/// loads); each costs one table entry until the process ends.
enum FileNames {
    /// The table and its lookup index, only touched while `lock` is held.
    private struct Table {
        var names: [String] = []
        var ids: [String: UInt32] = [:]
    }

    /// `@unchecked Sendable` is safe: `table` is only read or written while `lock` is held.
    private final class Storage: @unchecked Sendable {
        let lock = NSLock()
        var table = Table()
    }

    private static let storage = Storage()

    /// The index of `name`, adding it on first use.
    static func id(for name: String) -> UInt32 {
        storage.lock.lock()
        defer { storage.lock.unlock() }
        if let id = storage.table.ids[name] { return id }
        let id = UInt32(truncatingIfNeeded: storage.table.names.count)
        storage.table.names.append(name)
        storage.table.ids[name] = id
        return id
    }

    /// The name stored at `id` (empty for an index this table never handed out).
    static func name(for id: UInt32) -> String {
        storage.lock.lock()
        defer { storage.lock.unlock() }
        let index = Int(id)
        return index < storage.table.names.count ? storage.table.names[index] : ""
    }
}
