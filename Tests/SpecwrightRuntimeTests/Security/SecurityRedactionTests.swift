import Foundation
import Testing

@testable import SpecwrightRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue #21 item 8: secrets are redacted by name pattern in every place a log, an error message
/// or a metrics event can show them.
@Suite("Security: redaction by pattern, everywhere")
struct SecurityRedactionTests {
    static let secret = "S3cr3tV4lue"
    static let redactor = Redactor(
        configuration: LoggingConfiguration(isEnabled: true, maxBodyBytes: 4096), scheme: .none)

    /// Every spelling the security review saw in logs, plus the families the patterns cover.
    static let secretNames = [
        "signature", "X-Amz-Signature", "sig", "newPassword", "clientSecret", "otp", "password", "PASSWORD", "passwd",
        "secret", "client_secret", "token", "access_token", "refreshToken", "id_token", "X-Amz-Security-Token",
        "api_key", "apikey", "apiKey", "x-api-key", "access_key", "AccessKeyId", "private_key", "key", "credential",
        "X-Amz-Credential", "credentials", "auth", "auth_code", "authorization", "session", "sessionId",
        "session_token",
        "cookie", "OTPCode", "totp", "user[password]", "pin", "Password_Confirmation", "X-Goog-Signature"
    ]

    /// Names that look close but are not secrets, and must stay readable in logs.
    static let publicNames = [
        "author", "authors", "design", "signal", "page", "title", "keyword", "Idempotency-Key", "id", "passenger"
    ]

    @Test(arguments: secretNames)
    func aSecretNameIsRedactedInEveryCarrier(name: String) throws {
        let secret = Self.secret
        let redactor = Self.redactor
        let encodedName = PercentEncoding.encode(name)
        let url = try #require(
            URL(string: "https://api.example.com/a?page=2&\(encodedName)=\(secret)#\(encodedName)=\(secret)"))
        let carriers: [(String, String)] = [
            ("query and fragment", redactor.url(url)),
            ("nested JSON", redactor.body(Data(#"{"data":{"items":[{"\#(name)":"\#(secret)","page":2}]}}"#.utf8))),
            (
                "JSON number and object values",
                redactor.body(Data(#"{"\#(name)":{"v":"\#(secret)"},"n":{"\#(name)":1234567}}"#.utf8))
            ),
            (
                "NDJSON",
                redactor.body(
                    Data("{\"page\":1}\n{\"\(name)\":\"\(secret)\"}\n".utf8), contentType: "application/x-ndjson")
            ),
            ("XSSI-guarded JSON", redactor.body(Data(")]}',\n{\"\(name)\":\"\(secret)\"}".utf8))),
            (
                "form body",
                redactor.body(
                    Data("page=2&\(encodedName)=\(secret)".utf8), contentType: "application/x-www-form-urlencoded")
            ),
            ("form body without a content type", redactor.body(Data("\(encodedName)=\(secret)&page=2".utf8))),
            (
                "multipart part",
                redactor.body(
                    Self.multipart(name: name, value: secret), contentType: "multipart/form-data; boundary=XyZ")
            ),
            ("multipart without a content type", redactor.body(Self.multipart(name: name, value: secret))),
            ("header", redactor.headerLines([(name, secret)])),
            ("URL in a header value", redactor.headerLines([("Location", url.absoluteString)])),
            ("URL inside a JSON string", redactor.body(Data(#"{"download":"\#(url.absoluteString)"}"#.utf8))),
            ("error text", redactor.text("request to \(url.absoluteString) failed"))
        ]
        for (carrier, text) in carriers {
            #expect(!text.contains(secret) && !text.contains("1234567"), "\(name) leaked in \(carrier): \(text)")
            #expect(text.contains(Redactor.marker), "\(name): nothing redacted in \(carrier)")
        }
    }

    @Test(arguments: publicNames)
    func aNameThatOnlyResemblesASecretStaysVisible(name: String) {
        #expect(!SecretNames.isSecret(name))
        #expect(Self.redactor.body(Data(#"{"\#(name)":"visible"}"#.utf8)) == #"{"\#(name)":"visible"}"#)
    }

    @Test func aTruncatedBodyNeverShowsAPartialSecret() {
        let redactor = Redactor(configuration: LoggingConfiguration(isEnabled: true, maxBodyBytes: 30), scheme: .none)
        let body = Data(#"{"name":"Ann","password":"\#(Self.secret)\#(String(repeating: "x", count: 100))"}"#.utf8)
        let text = redactor.body(body)
        #expect(!text.contains("S3cr"))
        #expect(text.hasSuffix("… (\(body.count) bytes)"))
        #expect(text.contains("Ann"))
    }

    @Test func aHugeBodyIsCappedBeforeItIsScanned() {
        // 64 MB of JSON: the redactor looks at maxBodyBytes of it and never parses the rest.
        let redactor = Redactor(configuration: LoggingConfiguration(isEnabled: true, maxBodyBytes: 1024), scheme: .none)
        var body = Data(#"{"clientSecret":"\#(Self.secret)","items":["#.utf8)
        body.append(Data(repeating: UInt8(ascii: "1"), count: 64 << 20))
        body.append(Data("]}".utf8))
        let text = redactor.body(body)
        #expect(!text.contains(Self.secret))
        #expect(text.utf8.count < 1024 + 64)
    }

    @Test func anEscapedNameCannotHideASecret() {
        let text = Self.redactor.body(Data(#"{"pass\u0077ord":"\#(Self.secret)"}"#.utf8))
        #expect(!text.contains(Self.secret))
    }

    static func multipart(name: String, value: String) -> Data {
        Data(
            "--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHello\r\n--XyZ\r\nContent-Disposition: form-data; filename=\"a.txt\"; name=\"\(name)\"\r\n\r\n\(value)\r\n--XyZ--\r\n"
                .utf8)
    }
}
