import Foundation
import Testing
@testable import SpecwrightRuntime

@Suite("Envelope unwrapping")
struct EnvelopeTests {
    let unwrapper = EnvelopeUnwrapper(
        codeKey: "code", messageKey: "msg", dataKey: "payload", successCodes: [0], sessionExpiredCodes: [40101, 40102])

    private struct Book: Decodable, Equatable {
        var title: String
        var published: Date
    }

    @Test func successCodesHandTheRawDataMemberToTheServiceDecoder() throws {
        let body = Data(
            #"{"msg":"ok", "payload" : {"title":"D\"une}","published":"1965-08-01T00:00:00Z","n":[1,{"a":[]}]}, "code":0}"#
                .utf8)
        guard case let .success(data) = try unwrapper.unwrap(body) else {
            Issue.record("expected success")
            return
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let book = try decoder.decode(Book.self, from: data)
        #expect(book == Book(title: "D\"une}", published: Date(timeIntervalSince1970: -139_449_600)))
    }

    @Test func aMissingDataMemberBecomesNull() throws {
        #expect(try unwrapper.unwrap(Data(#"{"code":0}"#.utf8)) == .success(data: Data("null".utf8)))
    }

    @Test func sessionExpiredAndBusinessCodesCarryCodeAndMessage() throws {
        let expired = Data(#"{"code":"40102","msg":"token expired"}"#.utf8)
        #expect(try unwrapper.unwrap(expired) == .sessionExpired(code: 40102, message: "token expired"))
        let business = Data(#"{"code":1003,"msg":"out of stock","payload":null}"#.utf8)
        #expect(try unwrapper.unwrap(business) == .businessError(code: 1003, message: "out of stock"))
    }

    @Test func escapedMemberNamesAreMatchedByTheirDecodedText() throws {
        #expect(try unwrapper.unwrap(Data(#"{"\u0063ode":5}"#.utf8)) == .businessError(code: 5, message: nil))
    }

    @Test func bodiesThatAreNotEnvelopesAreRejectedWithAReason() {
        for body in [#"{"msg":"x"}"#, "[1]", #"{"code":true}"#, #"{"code":1"#, #"{"code" 1}"#, "", #"{"code":"abc"}"#] {
            #expect(throws: EnvelopeError.self, "\(body)") { try unwrapper.unwrap(Data(body.utf8)) }
        }
    }

    @Test func onlyJSONOrUntypedBodiesAreTreatedAsEnvelopes() {
        #expect(EnvelopeStage.mayBeJSON("application/json; charset=utf-8"))
        #expect(EnvelopeStage.mayBeJSON("application/problem+json"))
        #expect(EnvelopeStage.mayBeJSON(nil))
        #expect(!EnvelopeStage.mayBeJSON("image/png"))
    }
}
