import BookstoreAPI
import Foundation

// Lists the books of a bookstore server:
//   bookstore-demo [base-url] [token]
// e.g. against the test fixture: bookstore-demo http://127.0.0.1:PORT/demo/bookstore token-0
let arguments = Array(CommandLine.arguments.dropFirst())
let base = arguments.first.flatMap(URL.init(string:)) ?? BookstoreClient.service.baseURL
let token = arguments.count > 1 ? arguments[1] : nil
let client = BookstoreClient(configuration: ClientConfiguration(
    baseURL: base,
    tokenProvider: TokenProvider(token: { token })))
do {
    let config = try await client.config.fetch()
    print("minimum version \(config.minimumVersion)")
    let books = try await client.books.list()
    print("\(books.count) books")
    for book in books {
        print("- \(book.title) (\(book.genre))")
    }
} catch {
    print("error: \(error)")
    exit(1)
}
