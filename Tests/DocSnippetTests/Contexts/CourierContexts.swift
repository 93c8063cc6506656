import Courier
import Foundation

/// A user as the Courier articles decode it.
struct DocUser: Decodable, Sendable {
    let id: Int
    let login: String
}

/// "Handling Errors".
struct CourierHandlingErrorsSnippets: DocSnippetContext {
    let printed = PrintedLines()
    var client = HTTPClient(baseURL: exampleURL)
    struct Order: Decodable, Sendable { let id: Int }
    func show(_ orders: [Order]) { print("\(orders.count) orders") }
    func showEmpty() { print("no orders") }
}

/// "Observing Calls".
struct CourierObservingCallsSnippets: DocSnippetContext {
    let printed = PrintedLines()
    var client = HTTPClient(baseURL: exampleURL)
    var api = exampleURL
    var mirror = exampleURL
    var spanExporter: any EventMonitor = LoggingMonitor()
    var traceparentHeader = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
    var tracestateHeader: String? = nil
    var fileURL = URL(fileURLWithPath: "/tmp/2024.zip")
    var isoURL = URL(fileURLWithPath: "/tmp/debian.iso")
    typealias User = DocUser
}

/// "Retries and De-duplication".
struct CourierRetriesAndDeduplicationSnippets: DocSnippetContext {
    let printed = PrintedLines()
    var client = HTTPClient(baseURL: exampleURL)
    var tokens = DocTokens()
    typealias User = DocUser
}

/// "Server-Sent Events".
struct CourierServerSentEventsSnippets: DocSnippetContext {
    let printed = PrintedLines()
    var client = HTTPClient(baseURL: exampleURL)
}

/// "Streaming Responses".
struct CourierStreamingResponsesSnippets: DocSnippetContext {
    let printed = PrintedLines()
    var client = HTTPClient(baseURL: exampleURL)
}

/// "Transports and Their Threads".
struct CourierTransportsAndThreadsSnippets: DocSnippetContext {
    let printed = PrintedLines()
    typealias User = DocUser
    enum GitHub {
        static func user(_ login: String) -> Request<User> { Request(path: "/users/\(login)") }
    }
}

/// "Uploading Files".
struct CourierUploadingFilesSnippets: DocSnippetContext {
    let printed = PrintedLines()
    var client = HTTPClient(baseURL: exampleURL)

    /// A log's chunks, as an app would stream them.
    struct LogChunks: AsyncSequence, Sendable {
        typealias Element = Data
        struct AsyncIterator: AsyncIteratorProtocol {
            var remaining = ["first line\n", "second line\n"]
            mutating func next() async -> Data? { remaining.isEmpty ? nil : Data(remaining.removeFirst().utf8) }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
    }
}

/// "WebSockets".
struct CourierWebSocketsSnippets: DocSnippetContext {
    let printed = PrintedLines()
    var client = HTTPClient(baseURL: exampleURL)
    var tokens = DocTokens()
}
