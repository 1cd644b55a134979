import BookstoreAPI
import Foundation

/// Lists the books of a bookstore server: `bookstore-demo [base-url]`.
let arguments = CommandLine.arguments.dropFirst()
let configuration: ClientConfiguration
if let base = arguments.first, let url = URL(string: base) {
    configuration = ClientConfiguration(baseURL: url)
} else {
    configuration = ClientConfiguration()
}
let client = BookstoreClient(configuration: configuration)
do {
    let books = try await client.books.list(page: 1, size: 20, q: nil)
    print("\(books.count) books")
    for book in books {
        print("- \(book.title) [\(book.genre)]")
    }
} catch {
    print("error: \(error)")
    exit(1)
}
