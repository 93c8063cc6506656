public import Courier
public import Foundation
import Synchronization

/// A transport that answers from a ``Cassette`` and never touches the network.
///
/// ```swift
/// let replay = try ReplayTransport(contentsOf: fixtures.appending(path: "me.json"),
///                                  matching: ReplayMatching(ignoredQueryItems: ["raw_json"]))
/// let client = HTTPClient(baseURL: URL(string: "https://oauth.reddit.com")!, transport: replay)
/// ```
///
/// Each request is paired with a recorded interaction by ``ReplayMatching`` (method, path and
/// query by default). A request with no match fails with ``NoMatchError``, which names the
/// request and lists the nearest recorded requests with what differs.
public final class ReplayTransport: HTTPTransport {
    /// No recorded interaction matched a request.
    public struct NoMatchError: Error, CustomStringConvertible {
        /// The request's method.
        public let method: HTTPMethod
        /// The request's URL, redacted.
        public let url: String
        /// The nearest recorded requests, best first, each with what differs from the request.
        public let candidates: [String]

        /// A readable account: the request, then the nearest candidates.
        public var description: String {
            let list =
                candidates.isEmpty
                ? " (the cassette is empty)"
                : "; nearest recorded requests:\n" + candidates.map { "  - " + $0 }.joined(separator: "\n")
            return "ReplayTransport has no recorded interaction for \(method) \(url)\(list)"
        }
    }

    private struct State {
        var used: [Bool]
        var next = 0
    }

    /// The cassette being served.
    public let cassette: Cassette
    /// The rules pairing requests with interactions.
    public let matching: ReplayMatching
    private let state: Mutex<State>

    /// How many candidates a ``NoMatchError`` lists.
    private static let candidateLimit = 3

    /// Serves `cassette`.
    public init(cassette: Cassette, matching: ReplayMatching = .default) {
        self.cassette = cassette
        self.matching = matching
        state = Mutex(State(used: Array(repeating: false, count: cassette.interactions.count)))
    }

    /// Serves the cassette in `file`.
    ///
    /// - Throws: ``Cassette/FileError`` when the file is missing or not a cassette.
    public convenience init(contentsOf file: URL, matching: ReplayMatching = .default) throws(Cassette.FileError) {
        self.init(cassette: try Cassette(contentsOf: file), matching: matching)
    }

    /// Whether every recorded interaction has answered at least once.
    public var allInteractionsUsed: Bool { state.withLock { !$0.used.contains(false) } }

    /// The recorded requests that have not answered yet, as `METHOD URL`.
    public var unusedInteractions: [String] {
        state.withLock { state in
            cassette.interactions.indices.filter { !state.used[$0] }.map {
                Self.summary(cassette.interactions[$0].request)
            }
        }
    }

    /// Answers with the recorded response that matches `request`.
    ///
    /// - Throws: ``NoMatchError`` when no interaction matches.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let interactions = cassette.interactions
        let found = state.withLock { state -> Int? in
            let index: Int?
            switch matching.order {
            case .sequential:
                index = state.next < interactions.count && matches(request, interactions[state.next]) ? state.next : nil
                if index != nil { state.next += 1 }
            case .anyOrder:
                index = interactions.indices.first { !state.used[$0] && matches(request, interactions[$0]) }
            }
            if let index {
                state.used[index] = true
                return index
            }
            guard matching.reusesInteractions else { return nil }
            return interactions.indices.last { state.used[$0] && matches(request, interactions[$0]) }
        }
        guard let found else { throw noMatch(for: request) }
        return Self.response(interactions[found].response, for: request)
    }

    private func matches(_ request: HTTPRequest, _ interaction: Cassette.Interaction) -> Bool {
        matching.differences(between: request, and: interaction.request).isEmpty
    }

    private func noMatch(for request: HTTPRequest) -> NoMatchError {
        let (used, next) = state.withLock { ($0.used, $0.next) }
        var scored: [(score: Int, text: String)] = []
        for (index, interaction) in cassette.interactions.enumerated() {
            let differences = matching.differences(between: request, and: interaction.request)
            let reasons =
                differences.isEmpty
                ? [used[index] ? "already used" : "not next in order (interaction \(next + 1) is)"]
                : differences.map(\.text)
            let text =
                "#\(index + 1) \(Self.summary(interaction.request)) (differs: \(reasons.joined(separator: "; ")))"
            scored.append((differences.reduce(0) { $0 + $1.weight }, text))
        }
        let nearest = scored.enumerated()
            .sorted { ($0.element.score, $0.offset) < ($1.element.score, $1.offset) }
            .prefix(Self.candidateLimit)
            .map(\.element.text)
        return NoMatchError(
            method: request.method, url: LoggingMonitor.Redactor.default.redact(request.url), candidates: Array(nearest)
        )
    }

    private static func summary(_ request: Cassette.RecordedRequest) -> String {
        "\(request.method) \(request.url)"
    }

    private static func response(_ recorded: Cassette.RecordedResponse, for request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(
            statusCode: recorded.status, headers: recorded.headers, body: recorded.body?.data ?? Data(),
            url: recorded.url.flatMap { URL(string: $0) } ?? request.url
        )
    }
}
