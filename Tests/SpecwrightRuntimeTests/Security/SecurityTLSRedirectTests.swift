import Foundation
import Testing

#if os(Linux)

    /// Issue #21 item 2 over real TLS: an https → http redirect is never followed (whatever the
    /// policy), and credentials never reach another origin, also between two https origins.
    ///
    /// The test generates a throwaway CA certificate with the `openssl` command and serves TLS on
    /// 127.0.0.1 with it. FoundationNetworking (libcurl) cannot be told to trust a certificate for one
    /// process (docs/security.md), so each call runs in `transport-probe-child`, started in a mount
    /// namespace of its own (`unshare -m`) in which the certificate is bind-mounted over the system CA
    /// bundle: only that child trusts it, and nothing outside the namespace changes.
    @Suite("Security: https redirects over real TLS", .enabled(if: TrustingNamespace.isAvailable))
    struct SecurityTLSRedirectTests {
        @Test(.timeLimit(.minutes(2)))
        func theTokenReachesItsOwnHTTPSOriginSoTheTrustWorks() async throws {
            let tls = try TLSFixture()
            defer { tls.stop() }
            let sid = FixtureServer.newScenario()
            let result = try await tls.probe("\(tls.server.baseURL)/\(sid)/echo", policy: "follow")
            #expect(result.status == 200, "\(result)")
            #expect(result.body.contains("Bearer tls-secret-token"))
        }

        @Test(
            .timeLimit(.minutes(2)),
            arguments: [(301, "GET"), (302, "GET"), (303, "POST"), (307, "POST"), (308, "POST")])
        func anHTTPSToHTTPRedirectIsNeverFollowed(status: Int, method: String) async throws {
            let tls = try TLSFixture()
            defer { tls.stop() }
            let plain = try FixtureServer(lifetime: 120)
            defer { plain.stop() }
            let sid = FixtureServer.newScenario()
            let target = "http://127.0.0.1:\(plain.port)/\(sid)/echo"
            let url = "\(tls.server.baseURL)/\(sid)/redirect?status=\(status)&to=\(target)"
            for policy in ["follow", "sameOrigin", "never"] {
                let result = try await tls.probe(url, method: method, policy: policy)
                #expect(result.status == status, "\(policy): \(result)")
                #expect(result.error == "HTTP \(status)", "\(policy): \(result)")
            }
            #expect(try await plain.stats(sid).hits == 0)
        }

        /// `https://127.0.0.1:P` → `https://localhost:P` is another origin (another host): a GET is
        /// followed with `.follow` but without the token; refused by the default `.sameOrigin`. A
        /// POST's body is never sent to another origin, whatever the policy (`BodyRedirect`): the
        /// 307 is the answer.
        @Test(.timeLimit(.minutes(2)))
        func aRedirectToAnotherHTTPSOriginCarriesNoCredentials() async throws {
            let tls = try TLSFixture()
            defer { tls.stop() }
            let sid = FixtureServer.newScenario()
            let target = "https://localhost:\(tls.server.port)/\(sid)/echo"
            let url = "\(tls.server.baseURL)/\(sid)/redirect?status=307&to=\(target)"
            let followed = try await tls.probe(url, method: "GET", policy: "follow")
            #expect(followed.status == 200, "\(followed)")
            #expect(followed.body.contains("\"host\": \"localhost:\(tls.server.port)\""), "\(followed.body)")
            #expect(!followed.body.contains("tls-secret-token"))
            #expect(!followed.body.lowercased().contains("\"authorization\""))
            let refused = try await tls.probe(url, method: "GET", policy: "sameOrigin")
            #expect(refused.status == 307, "\(refused)")
            let posted = try await tls.probe(url, method: "POST", policy: "follow")
            #expect(posted.status == 307, "\(posted)")
            #expect(!posted.body.contains("tls-secret-token"))
        }
    }

    /// A TLS fixture server with a fresh self-signed certificate (127.0.0.1 and localhost), and the
    /// probe child run in a namespace that trusts that certificate only.
    private struct TLSFixture {
        let directory: URL
        let server: FixtureServer

        init() throws {
            directory = makeTemporaryDirectory("tls")
            try ChildProcess.run(
                "/usr/bin/env",
                [
                    "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
                    "-keyout", directory.appendingPathComponent("key.pem").path,
                    "-out", directory.appendingPathComponent("cert.pem").path
                ])
            server = try FixtureServer(
                lifetime: 120,
                tls: (directory.appendingPathComponent("cert.pem"), directory.appendingPathComponent("key.pem")))
        }

        func stop() {
            server.stop()
            try? FileManager.default.removeItem(at: directory)
        }

        /// Runs `transport-probe-child` in a mount namespace where the CA bundle is this certificate.
        func probe(_ url: String, method: String = "GET", policy: String) async throws -> ProbeResult {
            let script = #"mount --bind "$1" /etc/ssl/certs/ca-certificates.crt && shift && exec "$@""#
            let output = try await ChildProcess.output(
                "/usr/bin/unshare",
                TrustingNamespace.unshareFlags + [
                    "sh", "-c", script, "sh", directory.appendingPathComponent("cert.pem").path,
                    ChildProcess.probeChild.path, url, method, policy, "tls-secret-token"
                ])
            return try JSONDecoder().decode(ProbeResult.self, from: output)
        }
    }

    /// What the probe child printed.
    private struct ProbeResult: Decodable, CustomStringConvertible {
        var status: Int?
        var error: String?
        var body: String

        enum CodingKeys: CodingKey { case status, error, body }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            status = try container.decodeIfPresent(String.self, forKey: .status).flatMap { Int($0) }
            error = try container.decodeIfPresent(String.self, forKey: .error)
            body = try container.decodeIfPresent(String.self, forKey: .body) ?? ""
        }

        var description: String { "status \(status.map(String.init) ?? "nil"), error \(error ?? "nil")" }
    }

    /// Whether this machine lets the tests make a mount namespace and
    /// bind-mount in it (and has a system CA bundle at the path libcurl reads).
    enum TrustingNamespace {
        static var isAvailable: Bool {
            FileManager.default.fileExists(atPath: "/etc/ssl/certs/ca-certificates.crt")
                && FileManager.default.isExecutableFile(atPath: ChildProcess.probeChild.path) && !unshareFlags.isEmpty
        }

        /// `-m` (a mount namespace: root or `CAP_SYS_ADMIN`), else `-r -m` (inside a user namespace
        /// of its own, where unprivileged users may bind-mount), else none (the suite is skipped).
        static let unshareFlags: [String] =
            [["-m"], ["-r", "-m"]].first { flags in
                (try? ChildProcess.run(
                    "/usr/bin/unshare", flags + ["sh", "-c", "mount --bind /etc/hostname /etc/hostname"])) != nil
            } ?? []
    }

#endif
