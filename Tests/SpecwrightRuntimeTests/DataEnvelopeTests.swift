import Foundation
import Testing
@testable import SpecwrightRuntime

@Suite("Envelope unwrapping")
struct DataEnvelopeTests {
    let unwrapper = EnvelopeUnwrapper(
        codeKey: "code", messageKey: "msg", dataKey: "payload", successCodes: [0], sessionExpiredCodes: [40101, 40102])

    private struct Book: Decodable, Equatable {
        var title: String
        var published: Date
    }

    @Test func successCodesDecodeTheDataMemberWithTheServiceDecoder() throws {
        let body = Data(#"{"code":0,"msg":"ok","payload":{"title":"Dune","published":"1965-08-01T00:00:00Z"}}"#.utf8)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try unwrapper.classify(body, decoder: decoder) == .success)
        let book = try unwrapper.decodeData(Book.self, from: body, decoder: decoder)
        #expect(book == Book(title: "Dune", published: Date(timeIntervalSince1970: -139_449_600)))
    }

    @Test func sessionExpiredAndBusinessCodesCarryCodeAndMessage() throws {
        let expired = Data(#"{"code":"40102","msg":"token expired"}"#.utf8)
        #expect(try unwrapper.classify(expired, decoder: JSONDecoder()) == .sessionExpired(code: 40102, message: "token expired"))
        let business = Data(#"{"code":1003,"msg":"out of stock","payload":null}"#.utf8)
        #expect(try unwrapper.classify(business, decoder: JSONDecoder()) == .businessError(code: 1003, message: "out of stock"))
    }

    @Test func aBodyWithoutABusinessCodeIsADecodingError() {
        #expect(throws: DecodingError.self) { try unwrapper.classify(Data(#"{"msg":"x"}"#.utf8), decoder: JSONDecoder()) }
        #expect(throws: DecodingError.self) { try unwrapper.classify(Data("[1]".utf8), decoder: JSONDecoder()) }
        #expect(throws: DecodingError.self) { try unwrapper.classify(Data(#"{"code":true}"#.utf8), decoder: JSONDecoder()) }
    }

    @Test func aMissingDataMemberIsNilForOptionalsAndAnErrorOtherwise() throws {
        let body = Data(#"{"code":0}"#.utf8)
        #expect(try unwrapper.decodeData(Book?.self, from: body, decoder: JSONDecoder()) == nil)
        #expect(throws: DecodingError.self) { try unwrapper.decodeData(Book.self, from: body, decoder: JSONDecoder()) }
    }
}
