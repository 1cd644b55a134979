// The round-trip driver: compiled by DjangoNinjaRoundTripTests together with the client generated
// from the running Django Ninja service's /api/openapi.json, run with the service's base URL. Prints
// one line per check, `PASS <name>` or `FAIL <name>: <detail>`, and `DONE` at the end.
import Foundation
import SpecwrightRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

guard CommandLine.arguments.count > 1, let baseURL = URL(string: CommandLine.arguments[1]) else {
    print("usage: driver <base URL>")
    exit(2)
}

let credentials = Credentials(
    basic: BasicCredentials(username: "alice", password: "wonder:land"),
    apiKeys: ["X-API-Key": "header-key-1", "api_key": "query key/1&2", "sessionid": "cookie-key-1"])
let service = DjangoNinjaRoundTripClient(configuration: credentials.configuration(baseURL: baseURL))
await SecurityChecks(service: service, credentials: credentials).run()
await BodyChecks(service: service).run()
await ValueChecks(service: service).run()
print("DONE")
