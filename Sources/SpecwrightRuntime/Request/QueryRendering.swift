import Foundation

extension QueryValue {
    /// The text of the value in a query string or form (before percent-encoding).
    func rendered(dates: DateCoding) throws(SpecwrightError) -> String {
        switch self {
        case .string(let text): return text
        case .int(let value): return String(value)
        case .double(let value):
            guard value.isFinite else {
                throw SpecwrightError(.invalidRequest("query value \(value) is not a finite number"))
            }
            if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
            return "\(value)"
        case .bool(let value): return value ? "true" : "false"
        case .date(let date): return dates.string(from: date)
        case .uuid(let uuid): return uuid.uuidString
        case .list(let values, let separator):
            var parts: [String] = []
            parts.reserveCapacity(values.count)
            for value in values { parts.append(try value.rendered(dates: dates)) }
            return parts.joined(separator: separator)
        }
    }
}
