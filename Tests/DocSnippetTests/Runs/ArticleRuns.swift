import Courier
import Foundation
import TestSupport
import Testing

/// Blocks of the older articles that show an outcome, run in their document's context pointed
/// at the loopback servers.
@Suite struct ArticleRuns {
    @Test func handlingErrorsTellsA404Apart() async throws {
        let article = CourierHandlingErrorsSnippets(client: HTTPClient(baseURL: try TestServers.httpbin()))
        try await article.overview()
        #expect(article.printed.lines == ["no orders"])
    }

    /// A folder under nginx's plain-HTTP files root, and the URL it is served at.
    private func servedFolder() throws -> (folder: URL, url: URL) {
        let key = uniqueKey("doc")
        let folder = URL(fileURLWithPath: try TestServers.value(from: "COURIER_NGINX_FILES_DIR"))
            .appendingPathComponent(key)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (folder, try TestServers.url(from: "COURIER_NGINX_FILES_URL").appendingPathComponent(key))
    }

    @Test func streamingResponsesPrintsEveryLine() async throws {
        let (folder, url) = try servedFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("logs"), withIntermediateDirectories: true)
        let lines = (1...500).map { "line \($0) of the log" }
        try Data(lines.joined(separator: "\n").utf8).write(to: folder.appendingPathComponent("logs/app.log"))
        let article = CourierStreamingResponsesSnippets(client: HTTPClient(baseURL: url))
        try await article.overview()
        #expect(article.printed.lines == lines)
    }

    @Test func observingCallsDownloadsWithProgress() async throws {
        let (folder, url) = try servedFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("exports"), withIntermediateDirectories: true)
        let body = patternBytes(count: 3 << 20)
        try body.write(to: folder.appendingPathComponent("exports/2024.zip"))
        let destination = try makeTemporaryFolder("doc-download").appendingPathComponent("2024.zip")
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        let article = CourierObservingCallsSnippets(client: HTTPClient(baseURL: url), fileURL: destination)
        try await article.progress()
        #expect(try Data(contentsOf: destination) == body)
        #expect(!article.printed.lines.isEmpty)
        #expect(article.printed.lines.allSatisfy { $0.hasSuffix("% of \(body.count) bytes") })
    }

    @Test func courierTestingStubsAResponse() async throws {
        // The block's own #expect lines are the assertions.
        try await CourierTestingGettingStartedSnippets().stubAResponse()
    }
}
