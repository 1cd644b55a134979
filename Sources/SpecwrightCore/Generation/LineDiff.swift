/// The shortest edit script between two arrays of lines (Myers' O(ND) algorithm), as the
/// sequence of kept, deleted and inserted lines that turns `old` into `new`.
///
/// Common leading and trailing lines are matched first. When the middle needs more than
/// ``maximumEdits`` edits the middle is reported as deleted and inserted whole, which bounds
/// time and memory for unrelated files (a generated 40,000-line file against another one).
public struct LineDiff: Sendable {
    /// One step of the edit script.
    public enum Edit: Sendable, Hashable {
        /// `old[oldIndex]` equals `new[newIndex]` and is kept.
        case keep(oldIndex: Int, newIndex: Int)
        /// `old[oldIndex]` is removed.
        case delete(oldIndex: Int)
        /// `new[newIndex]` is inserted.
        case insert(newIndex: Int)
    }

    /// The edit budget of the search: beyond it the middle is replaced whole.
    public static let maximumEdits = 2_000

    /// The steps in order.
    public let edits: [Edit]

    /// The edit script turning `old` into `new`.
    public init(old: [String], new: [String]) {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        var edits = (0..<prefix).map { Edit.keep(oldIndex: $0, newIndex: $0) }
        let oldMiddle = prefix..<(old.count - suffix)
        let newMiddle = prefix..<(new.count - suffix)
        if let middle = Self.myers(Array(old[oldMiddle]), Array(new[newMiddle])) {
            edits += middle.map { $0.shifted(old: prefix, new: prefix) }
        } else {
            edits += oldMiddle.map { Edit.delete(oldIndex: $0) } + newMiddle.map { Edit.insert(newIndex: $0) }
        }
        edits += (0..<suffix).map { Edit.keep(oldIndex: old.count - suffix + $0, newIndex: new.count - suffix + $0) }
        self.edits = edits
    }

    /// Myers' greedy forward search with the frontier of every step kept for the backtrack;
    /// nil when more than ``maximumEdits`` edits are needed.
    private static func myers(_ old: [String], _ new: [String]) -> [Edit]? {
        let n = old.count
        let m = new.count
        if n == 0 || m == 0 {
            return (0..<n).map { Edit.delete(oldIndex: $0) } + (0..<m).map { Edit.insert(newIndex: $0) }
        }
        let limit = min(n + m, maximumEdits)
        let offset = limit + 1
        var frontier = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        for depth in 0...limit {
            trace.append(Array(frontier[(offset - depth)...(offset + depth)]))
            for diagonal in stride(from: -depth, through: depth, by: 2) {
                let down =
                    diagonal == -depth
                    || (diagonal != depth && frontier[offset + diagonal - 1] < frontier[offset + diagonal + 1])
                var x = down ? frontier[offset + diagonal + 1] : frontier[offset + diagonal - 1] + 1
                var y = x - diagonal
                while x < n, y < m, old[x] == new[y] {
                    x += 1
                    y += 1
                }
                frontier[offset + diagonal] = x
                if x >= n, y >= m {
                    return backtrack(trace, n: n, m: m)
                }
            }
        }
        return nil
    }

    /// Walks the recorded frontiers back from the end, collecting the edits in reverse.
    private static func backtrack(_ trace: [[Int]], n: Int, m: Int) -> [Edit] {
        var x = n
        var y = m
        var reversed: [Edit] = []
        for depth in stride(from: trace.count - 1, through: 0, by: -1) {
            let frontier = trace[depth]
            let value = { (diagonal: Int) in frontier[diagonal + depth] }
            let diagonal = x - y
            let previousDiagonal: Int
            if depth == 0 {
                previousDiagonal = 0
            } else if diagonal == -depth || (diagonal != depth && value(diagonal - 1) < value(diagonal + 1)) {
                previousDiagonal = diagonal + 1
            } else {
                previousDiagonal = diagonal - 1
            }
            let previousX = depth == 0 ? 0 : value(previousDiagonal)
            let previousY = previousX - previousDiagonal
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                reversed.append(.keep(oldIndex: x, newIndex: y))
            }
            guard depth > 0 else { break }
            if x == previousX {
                reversed.append(.insert(newIndex: previousY))
            } else {
                reversed.append(.delete(oldIndex: previousX))
            }
            x = previousX
            y = previousY
        }
        return reversed.reversed()
    }
}

extension LineDiff.Edit {
    /// The same edit with both indices moved by the given amounts.
    fileprivate func shifted(old: Int, new: Int) -> Self {
        switch self {
        case .keep(let oldIndex, let newIndex): .keep(oldIndex: oldIndex + old, newIndex: newIndex + new)
        case .delete(let oldIndex): .delete(oldIndex: oldIndex + old)
        case .insert(let newIndex): .insert(newIndex: newIndex + new)
        }
    }
}
