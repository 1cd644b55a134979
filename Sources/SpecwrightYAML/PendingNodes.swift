/// One growable buffer holding the finished children of every open collection, innermost
/// last. When a collection closes, its children are moved (not copied) into an exactly sized
/// array, so building a tree costs one allocation per collection and no reference-count
/// traffic for the move. Mapping children alternate key, value.
final class PendingNodes {
    private var base: UnsafeMutablePointer<Node>
    private var capacity: Int
    /// Number of initialized nodes at the start of the buffer.
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 1)
        base = UnsafeMutablePointer<Node>.allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Appends a node.
    func push(_ node: consuming Node) {
        if count == capacity { grow() }
        (base + count).initialize(to: node)
        count += 1
    }

    /// Borrows `length` nodes starting at `start` (valid until the next mutation).
    func withNodes<R>(from start: Int, count length: Int, _ body: (UnsafeBufferPointer<Node>) -> R) -> R {
        body(UnsafeBufferPointer(start: base + start, count: length))
    }

    /// Moves the nodes from `start` to the end into a new array and shrinks the buffer to `start`.
    func moveSequence(from start: Int) -> [Node] {
        let length = count - start
        guard length > 0 else { return [] }
        let source = base + start
        let items = [Node](unsafeUninitializedCapacity: length) { buffer, initialized in
            guard let destination = buffer.baseAddress else { return }
            destination.moveInitialize(from: source, count: length)
            initialized = length
        }
        count = start
        return items
    }

    /// Moves the key/value nodes from `start` to the end into mapping entries and shrinks the
    /// buffer to `start`. A trailing key without a value (libyaml never produces one) is dropped.
    func moveMapping(from start: Int) -> [MappingEntry] {
        let pairs = (count - start) / 2
        let source = base + start
        var entries: [MappingEntry] = []
        if pairs > 0 {
            entries = [MappingEntry](unsafeUninitializedCapacity: pairs) { buffer, initialized in
                guard let destination = buffer.baseAddress else { return }
                if Self.entryIsTwoNodes {
                    // Same memory layout: one bitwise move (nodes are bitwise-movable values).
                    UnsafeMutableRawPointer(destination).moveInitializeMemory(
                        as: Node.self, from: source, count: 2 * pairs)
                } else {
                    for pair in 0..<pairs {
                        let key = (source + 2 * pair).move()
                        let value = (source + 2 * pair + 1).move()
                        (destination + pair).initialize(to: MappingEntry(key: key, value: value))
                    }
                }
                initialized = pairs
            }
        }
        let moved = 2 * pairs
        (source + moved).deinitialize(count: count - start - moved)
        count = start
        return entries
    }

    /// Whether a `MappingEntry` is laid out exactly as two consecutive nodes (key, then value),
    /// so that key/value pairs in the buffer can become entries by one move.
    private static let entryIsTwoNodes =
        MemoryLayout<MappingEntry>.stride == 2 * MemoryLayout<Node>.stride
        && MemoryLayout<MappingEntry>.offset(of: \MappingEntry.key) == 0
        && MemoryLayout<MappingEntry>.offset(of: \MappingEntry.value) == MemoryLayout<Node>.stride

    /// Destroys every pending node (after an error, or between documents).
    func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    private func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Node>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
