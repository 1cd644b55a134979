import Foundation
@_spi(Generated) import SpecwrightRuntime

/// Twelve fields, written as the default templates write an object.
struct GeneratedShape: Codable, Hashable, Sendable, _GeneratedObject {
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

    static func _fields(_ lhs: Self, _ rhs: Self, _ fields: inout some _FieldVisitor) {
        fields.field("sid", lhs.sid, rhs.sid)
        fields.field("friendly_name", lhs.friendlyName, rhs.friendlyName)
        fields.field("status", lhs.status, rhs.status)
        fields.field("count", lhs.count, rhs.count)
        fields.field("ratio", lhs.ratio, rhs.ratio)
        fields.field("enabled", lhs.enabled, rhs.enabled)
        fields.field("tags", lhs.tags, rhs.tags)
        fields.field("metadata", lhs.metadata, rhs.metadata)
        fields.field("owner_sid", lhs.ownerSid, rhs.ownerSid)
        fields.field("uri", lhs.uri, rhs.uri)
        fields.field("date_created", lhs.dateCreated, rhs.dateCreated)
        fields.field("price", lhs.price, rhs.price)
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
