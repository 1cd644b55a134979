#!/usr/bin/env bash
# `==` + `hash(into:)`, `encode(to:)` and `init(from:)` of a generated object (one `_fields` list, the runtime's
# `_GeneratedObject`) against compiler-synthesized conformances, optimized as SwiftPM's release
# builds are (-O, whole module): the runtime's coding files and a 12-field object compiled into
# one executable, timed in interleaved rounds (ratios of one run; the machine may be busy). A quick
# check that needs no release build of the package; `specwright-bench coding` is the full one.
#   Scripts/object-coding-microbench.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for file in GeneratedObject FieldVisitor FieldEquality FieldEncoding FieldEncodingHelpers FieldKey FieldDecoder UnionDecoding; do
  cp "$root/Sources/SpecwrightRuntime/Coding/$file.swift" "$work/"
done
cat >"$work/main.swift" <<'SWIFT'
import Foundation

struct Gen: Codable, Hashable, _GeneratedObject {
    let sid: String; let friendlyName: String?; let status: String?; let count: Int?; let ratio: Double?
    let enabled: Bool?; let tags: [String]?; let metadata: [String: String]?; let ownerSid: String?
    let uri: String?; let dateCreated: String?; let price: String?
    init(
        sid: String, friendlyName: String?, status: String?, count: Int?, ratio: Double?, enabled: Bool?,
        tags: [String]?, metadata: [String: String]?, ownerSid: String?, uri: String?, dateCreated: String?,
        price: String?
    ) {
        self.sid = sid; self.friendlyName = friendlyName; self.status = status; self.count = count
        self.ratio = ratio; self.enabled = enabled; self.tags = tags; self.metadata = metadata
        self.ownerSid = ownerSid; self.uri = uri; self.dateCreated = dateCreated; self.price = price
    }
    init(from decoder: any Decoder) throws {
        var fields = try FieldDecoder(decoder)
        self.init(
            sid: try fields.required("sid"), friendlyName: fields.optional("friendly_name"),
            status: fields.optional("status"), count: fields.optional("count"), ratio: fields.optional("ratio"),
            enabled: fields.optional("enabled"), tags: fields.optional("tags"), metadata: fields.optional("metadata"),
            ownerSid: fields.optional("owner_sid"), uri: fields.optional("uri"),
            dateCreated: fields.optional("date_created"), price: fields.optional("price"))
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
struct Syn: Codable, Hashable {
    let sid: String; let friendlyName: String?; let status: String?; let count: Int?; let ratio: Double?
    let enabled: Bool?; let tags: [String]?; let metadata: [String: String]?; let ownerSid: String?
    let uri: String?; let dateCreated: String?; let price: String?
}
func make<T>(_ i: Int, _ f: (String, String?, String?, Int?, Double?, Bool?, [String]?, [String: String]?, String?, String?, String?, String?) -> T) -> T {
    f("AC\(i)", "account \(i)", "active", i, 0.5, true, ["a", "b"], ["k": "v"], nil, "/2010/Accounts/\(i)", "Mon, 01 Jan 2024", "1.00")
}
let gens = (0..<200).map { make($0, Gen.init) }, gens2 = (0..<200).map { make($0, Gen.init) }
let syns = (0..<200).map { make($0, Syn.init) }, syns2 = (0..<200).map { make($0, Syn.init) }
func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
var ratios: [Double] = []
var sink = 0
for _ in 0..<15 {
    var t = now()
    for _ in 0..<50 { sink &+= zip(syns, syns2).filter { $0 == $1 }.count &+ Set(syns).count }
    let s = now() - t
    t = now()
    for _ in 0..<50 { sink &+= zip(gens, gens2).filter { $0 == $1 }.count &+ Set(gens).count }
    let g = now() - t
    ratios.append(g / s)
}
ratios.sort()
print(String(format: "== + hash, generated / synthesized: median %.2f× (min %.2f, max %.2f) sink %d", ratios[ratios.count / 2], ratios[0], ratios[ratios.count - 1], sink))
var eratios: [Double] = []
let encoder = JSONEncoder()
for _ in 0..<15 {
    var t = now()
    for _ in 0..<5 { sink &+= (try? encoder.encode(syns).count) ?? 0 }
    let s = now() - t
    t = now()
    for _ in 0..<5 { sink &+= (try? encoder.encode(gens).count) ?? 0 }
    eratios.append((now() - t) / s)
}
eratios.sort()
print(String(format: "encode, generated / synthesized: median %.2f× (min %.2f, max %.2f)", eratios[eratios.count / 2], eratios[0], eratios[eratios.count - 1]))
var dratios: [Double] = []
let decoder = JSONDecoder()
let synData = try! encoder.encode(syns), genData = try! encoder.encode(gens)
for _ in 0..<15 {
    var t = now()
    for _ in 0..<5 { sink &+= (try? decoder.decode([Syn].self, from: synData).count) ?? 0 }
    let s = now() - t
    t = now()
    for _ in 0..<5 { sink &+= (try? decoder.decode([Gen].self, from: genData).count) ?? 0 }
    dratios.append((now() - t) / s)
}
dratios.sort()
print(String(format: "decode, generated / synthesized: median %.2f× (min %.2f, max %.2f) sink %d", dratios[dratios.count / 2], dratios[0], dratios[dratios.count - 1], sink))
SWIFT
swiftc -O -wmo -swift-version 6 "$work"/*.swift -o "$work/bench"
"$work/bench"
