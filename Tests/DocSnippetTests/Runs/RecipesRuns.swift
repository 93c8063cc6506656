import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

/// Each recipe of the Courier catalog's "Recipes" article, run against the loopback servers.
/// (The StubTransport recipe is a `@Test` itself and runs as one.)
@Suite struct RecipesRuns {
    typealias Recipes = CourierRecipesSnippetsDeclarations

    @Test func aQueryString() async throws {
        let args = try await Recipes.AQueryString().search("swift & vapor", at: TestServers.httpbin())
        #expect(args == ["q": "swift & vapor", "sort": "stars"])
    }

    @Test func aJSONPost() async throws {
        let todo = Recipes.AJSONPOST.NewTodo(title: "Write docs", done: false)
        let received = try await Recipes.AJSONPOST().create(todo, at: TestServers.httpbin())
        #expect(received == ["title": .string("Write docs"), "done": .bool(false)])
    }

    @Test func a422DecodesIntoTheCallersOwnError() async throws {
        let problems = try await Recipes.A422DecodedIntoYourOwnErrorType().signUp(
            email: "not-an-address", at: TestServers.faults())
        #expect(problems == ["email: invalid"])
    }

    @Test func cancellingFromAnotherTask() async throws {
        #expect(try await Recipes.CancellingFromAnotherTask().loadThenLeave(at: TestServers.httpbin()))
    }

    @Test func aDeadlineEndsTheCallBeforeTheRetriesWould() async throws {
        let error = try await #require(throws: HTTPError.self) {
            _ = try await Recipes.ATimeoutPerAttemptAndADeadlineForTheWholeCall().fetchWithinASecond(
                at: TestServers.httpbin())
        }
        #expect(error.isTimeout)
        #expect(error.description.contains("the overall deadline of 1 s passed"))
        #expect(error.attempts < 3)
    }

    @Test func refreshingOnABare401() async throws {
        let server = try DocOAuthServer()
        let session = try await server.sessionWithDeadAccessToken()
        let user = try await Recipes.RefreshingOnABare401().currentUser(session: session, at: server.baseURL)
        #expect(user == "alice")
    }

    @Test func aDownloadAndAMultipartUpload() async throws {
        let folder = try makeTemporaryFolder("doc-recipes")
        defer { try? FileManager.default.removeItem(at: folder) }
        let echo = try await Recipes.ADownloadAndAMultipartUpload().downloadThenUpload(
            at: TestServers.httpbin(), into: folder)
        #expect(echo.form == ["title": "Report"])
        #expect(echo.files["report"] != nil)
        let saved = try Data(contentsOf: folder.appendingPathComponent("report.bin"))
        #expect(saved.count == 2048)
    }

    @Test func readingAStreamLineByLine() async throws {
        let lines = try await Recipes.ReadingAStreamLineByLine().firstLines(3, at: TestServers.httpbin())
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.hasPrefix("{") })
    }

    @Test func serverSentEvents() async throws {
        let events = try await Recipes.ServerSentEvents().allEvents(
            at: TestServers.faults(), path: "/sse/\(uniqueKey("recipe"))")
        #expect(events == ["1: one", "2: two\nlines", "3: three", "4: four"])
    }

    @Test func aWebSocket() async throws {
        let answer = try await Recipes.AWebSocket().echo("hello", at: TestServers.url(from: "COURIER_WEBSOCKET_URL"))
        #expect(answer == "hello")
    }

    @Test func aResponseCacheServesOffline() async throws {
        let folder = try makeTemporaryFolder("doc-recipes")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cacheFile = folder.appendingPathComponent("cache.sqlite")
        let recipe = Recipes.AResponseCacheThatServesOffline()
        let online = try await recipe.feed(at: TestServers.httpbin(), cacheFile: cacheFile)
        let offline = StubTransport()
        offline.on(.get, .pathPrefix("/"), .failure(URLError(.notConnectedToInternet)))
        let served = try await recipe.feed(at: TestServers.httpbin(), cacheFile: cacheFile, transport: offline)
        #expect(served == online)
        #expect(offline.requests.count == 1)
    }

    @Test func loggingWithRedaction() async throws {
        let recipe = Recipes.LoggingWithRedaction()
        let lines = Recipes.LoggingWithRedaction.LogLines()
        try await recipe.loggedCall(at: TestServers.httpbin(), into: lines)
        try await waitFor { lines.all.contains { $0.contains(" finish ") } }
        let log = lines.all.joined(separator: "\n")
        #expect(log.contains("access_token=<redacted>"))
        #expect(!log.contains("s3cr3t"))
        #expect(!log.contains("1234"))
    }
}

/// Polls `condition` until it holds, for at most a minute.
func waitFor(_ condition: @escaping @Sendable () -> Bool) async throws {
    let limit = ContinuousClock.now.advanced(by: .seconds(60))
    while !condition() {
        try #require(ContinuousClock.now < limit, "the condition did not hold within a minute")
        try await Task.sleep(for: .milliseconds(20))
    }
}
