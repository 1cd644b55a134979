import Foundation
@_spi(Generated) import SpecwrightRuntime

/// What the leaner generated objects cost at run time: the same 12-field object written the way
/// the default templates write it (`FieldDecoder`, `FieldEncoder`, `FieldEquality`) and with
/// compiler-synthesized `Codable`/`Hashable`, timed in interleaved rounds for decoding a JSON
/// array of 200 objects, encoding it, and comparing and hashing the 200 objects.
enum ObjectCodingBenchmark {
    static func run() throws {
        let json = Data(("[" + (0..<200).map(sampleObject).joined(separator: ",") + "]").utf8)
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        let generated = try decoder.decode([GeneratedShape].self, from: json)
        let synthesized = try decoder.decode([SynthesizedShape].self, from: json)
        let generatedCopy = try decoder.decode([GeneratedShape].self, from: json)
        let synthesizedCopy = try decoder.decode([SynthesizedShape].self, from: json)
        let timer = BenchmarkTimer(iterations: Int(ProcessInfo.processInfo.environment["BENCH_ROUNDS"] ?? "") ?? 30)
        let (results, ratios) = timer.measure([
            .init(name: "decode, synthesized") {
                (try? decoder.decode([SynthesizedShape].self, from: json).count) ?? 0
            },
            .init(name: "decode, generated") { (try? decoder.decode([GeneratedShape].self, from: json).count) ?? 0 },
            .init(name: "encode, synthesized") { (try? encoder.encode(synthesized).count) ?? 0 },
            .init(name: "encode, generated") { (try? encoder.encode(generated).count) ?? 0 },
            .init(name: "== and hash, synthesized") {
                zip(synthesized, synthesizedCopy).filter { $0 == $1 }.count + Set(synthesized).count
            },
            .init(name: "== and hash, generated") {
                zip(generated, generatedCopy).filter { $0 == $1 }.count + Set(generated).count
            }
        ])
        for (index, result) in results.enumerated() {
            let median = ratios[index].sorted()[ratios[index].count / 2]
            print(
                String(
                    format: "%-28@ median %8.1f µs per object   (%.2f× the first stage; output %d)",
                    result.name as NSString, result.median * 1e6 / 200, median, result.output))
        }
    }

    private static func sampleObject(_ index: Int) -> String {
        #"{"sid":"AC\#(index)","friendly_name":"account \#(index)","status":"active","count":\#(index),"ratio":0.5,"#
            + #""enabled":true,"tags":["a","b"],"metadata":{"k":"v"},"owner_sid":null,"uri":"/2010/Accounts/\#(index)","#
            + #""date_created":"Mon, 01 Jan 2024","price":"1.00"}"#
    }
}

/// Twelve fields, written as the default templates write an object.
struct GeneratedShape: Codable, Hashable, Sendable {
    let sid: String
    let friendlyName: String?
    let status: String?
    let count: Int?
    let ratio: Double?
    let enabled: Bool?
    let tags: [String]?
    let metadata: [String: String]?
    let ownerSid: String?
    let uri: String?
    let dateCreated: String?
    let price: String?

    init(
        sid: String, friendlyName: String? = nil, status: String? = nil, count: Int? = nil, ratio: Double? = nil,
        enabled: Bool? = nil, tags: [String]? = nil, metadata: [String: String]? = nil, ownerSid: String? = nil,
        uri: String? = nil, dateCreated: String? = nil, price: String? = nil
    ) {
        self.sid = sid
        self.friendlyName = friendlyName
        self.status = status
        self.count = count
        self.ratio = ratio
        self.enabled = enabled
        self.tags = tags
        self.metadata = metadata
        self.ownerSid = ownerSid
        self.uri = uri
        self.dateCreated = dateCreated
        self.price = price
    }

    init(from decoder: any Decoder) throws {
        var fields = try FieldDecoder(decoder)
        self.init(
            sid: try fields.required("sid"),
            friendlyName: fields.optional("friendly_name"),
            status: fields.optional("status"),
            count: fields.optional("count"),
            ratio: fields.optional("ratio"),
            enabled: fields.optional("enabled"),
            tags: fields.optional("tags"),
            metadata: fields.optional("metadata"),
            ownerSid: fields.optional("owner_sid"),
            uri: fields.optional("uri"),
            dateCreated: fields.optional("date_created"),
            price: fields.optional("price")
        )
        try fields.finish()
    }

    func encode(to encoder: any Encoder) throws {
        try FieldEncoder(encoder).encode(
            ("sid", self.sid),
            ("friendly_name", self.friendlyName),
            ("status", self.status),
            ("count", self.count),
            ("ratio", self.ratio),
            ("enabled", self.enabled),
            ("tags", self.tags),
            ("metadata", self.metadata),
            ("owner_sid", self.ownerSid),
            ("uri", self.uri),
            ("date_created", self.dateCreated),
            ("price", self.price)
        )
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        guard FieldEquality.same(lhs.sid, rhs.sid) else { return false }
        guard FieldEquality.same(lhs.friendlyName, rhs.friendlyName) else { return false }
        guard FieldEquality.same(lhs.status, rhs.status) else { return false }
        guard FieldEquality.same(lhs.count, rhs.count) else { return false }
        guard FieldEquality.same(lhs.ratio, rhs.ratio) else { return false }
        guard FieldEquality.same(lhs.enabled, rhs.enabled) else { return false }
        guard FieldEquality.same(lhs.tags, rhs.tags) else { return false }
        guard FieldEquality.same(lhs.metadata, rhs.metadata) else { return false }
        guard FieldEquality.same(lhs.ownerSid, rhs.ownerSid) else { return false }
        guard FieldEquality.same(lhs.uri, rhs.uri) else { return false }
        guard FieldEquality.same(lhs.dateCreated, rhs.dateCreated) else { return false }
        return FieldEquality.same(lhs.price, rhs.price)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(self.sid)
        hasher.combine(self.friendlyName)
        hasher.combine(self.status)
        hasher.combine(self.count)
        hasher.combine(self.ratio)
        hasher.combine(self.enabled)
        hasher.combine(self.tags)
        hasher.combine(self.metadata)
        hasher.combine(self.ownerSid)
        hasher.combine(self.uri)
        hasher.combine(self.dateCreated)
        hasher.combine(self.price)
    }
}

/// The same twelve fields with compiler-synthesized conformances.
struct SynthesizedShape: Codable, Hashable, Sendable {
    let sid: String
    let friendlyName: String?
    let status: String?
    let count: Int?
    let ratio: Double?
    let enabled: Bool?
    let tags: [String]?
    let metadata: [String: String]?
    let ownerSid: String?
    let uri: String?
    let dateCreated: String?
    let price: String?

    private enum CodingKeys: String, CodingKey {
        case sid, status, count, ratio, enabled, tags, metadata, uri, price
        case friendlyName = "friendly_name"
        case ownerSid = "owner_sid"
        case dateCreated = "date_created"
    }
}
