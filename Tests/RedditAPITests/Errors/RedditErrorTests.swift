import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// Each error shape in the fixtures becomes the intended ``RedditError``.
@Suite struct RedditErrorTests {
    typealias F = FixtureDecodingTests

    @Test func apiErrorsWithStatus200() async throws {
        let error = try await F.error("errors/json_errors_subreddit_exists_200.json")
        #expect(error.status == 200)
        #expect(
            error.kind
                == .api([.init(code: "SUBREDDIT_EXISTS", message: "that subreddit already exists", field: "name")]))
        #expect(error.code == "SUBREDDIT_EXISTS")
        let username = try await F.error("errors/json_errors_bad_username_200.json")
        #expect(username.code == "BAD_USERNAME")
    }

    @Test func messageAndNumericErrors() async throws {
        let notFound = try await F.error("errors/not_found_404.json")
        #expect(notFound.kind == .status && notFound.status == 404 && notFound.message == "Not Found")
        let legacy = try await F.error("errors/forbidden_403_legacy.json")
        #expect(legacy.kind == .status && legacy.status == 403 && legacy.message == nil)
        let forbidden = try await F.error("errors/forbidden_403_message_2020.json")
        #expect(forbidden.message == "Forbidden")
        let server = try await F.error("errors/internal_server_error_500.json")
        #expect(server.status == 500 && server.message == "Internal Server Error")
    }

    @Test func reasonShapes() async throws {
        let missing = try await F.error("errors/explanation_user_doesnt_exist_400.json")
        #expect(missing.kind == .reason("USER_DOESNT_EXIST", explanation: "that user doesn't exist", fields: ["id"]))
        let submit = try await F.error("errors/submit_validation_400.json")
        #expect(submit.code == "SUBMIT_VALIDATION_TITLE_BLACKLISTED_STRING")
        let wiki = try await F.error("errors/wiki_page_not_found_404.json")
        #expect(wiki.kind == .reason("PAGE_NOT_FOUND", explanation: nil, fields: []))
    }

    @Test func authenticationChallenges() async throws {
        #expect(try await F.error("errors/invalid_token_401_json.json").kind == .invalidToken)
        #expect(try await F.error("errors/insufficient_scope_403.json").kind == .insufficientScope)
    }

    @Test func nonJSONAndEmptyBodies() async throws {
        let text = try await F.error("errors/bad_request_400_text_plain.txt")
        #expect(text.kind == .nonJSONBody(contentType: "text/plain; charset=utf-8"))
        #expect(text.body == "Bad Request")
        #expect(try await F.error("errors/service_unavailable_503_empty.txt").kind == .emptyBody)
        // A 204 to a request that expects no body is a success.
        let noContent = try await F.send("errors/no_content_204.txt")
        guard case .value = noContent else {
            Issue.record("204 should succeed for a Void request")
            return
        }
    }

    @Test func redirectIsReportedNotFollowed() async throws {
        let fixture = try Fixture("errors/redirect_302_random.html")
        let transport = StubTransport(fixture: fixture)
        let client = try makeClient(transport)
        do {
            _ = try await client.send(Reddit.listing(.hot, subreddit: "random"))
            Issue.record("a 302 must not decode")
        } catch {
            #expect(
                error.redditError?.kind
                    == .redirect(location: "https://oauth.reddit.com/r/RelayForReddit/.json?raw_json=1"))
        }
        #expect(transport.requests.first?.followsRedirects == false)
    }

    @Test func oauthErrorsInTokenAnswers() async throws {
        let grant = try await F.error("auth/token_password_grant_invalid_otp_invalid_grant_200.json")
        #expect(grant.kind == .oauth("invalid_grant", description: nil) && grant.status == 200)
        let client = try await F.error("auth/token_password_grant_unauthorized_client_200.json")
        #expect(client.kind == .oauth("unauthorized_client", description: "Only script apps may use password auth"))
        let limited = try await F.error("auth/token_endpoint_rate_limited_429.json")
        #expect(limited.kind == .rateLimited(retryAfter: nil) && limited.message == "Too Many Requests")
        #expect(try await F.error("auth/token_refresh_grant_invalid_token_400.json").kind == .status)
        let token: TokenAnswer = try await F.value("auth/token_installed_client_200.json")
        #expect(token.expires_in == 3600 && token.scope == "*")
    }

    @Test func htmlRateLimitPageWithRetryAfter() {
        let response = HTTPResponse(
            statusCode: 429, headers: ["Content-Type": "text/html", "Retry-After": "7"],
            body: Data("<html>Too Many Requests</html>".utf8), url: URL(string: "https://www.reddit.com/")!)
        let error = RedditErrorDecoder().redditError(from: response)
        #expect(error?.kind == .rateLimited(retryAfter: 7))
        #expect(error?.body?.hasPrefix("<html>") == true)
    }

    @Test func listingsAreNotTakenForErrors() throws {
        let fixture = try Fixture("listings/front_hot.json")
        #expect(
            RedditErrorDecoder().redditError(from: fixture.response(for: URL(string: "https://oauth.reddit.com/hot")!))
                == nil)
        #expect(!RedditErrorDecoder.mayHoldError(fixture.body))
        let emptyErrors = Data(#"{"json": {"errors": null}}"#.utf8)
        #expect(
            RedditErrorDecoder().redditError(
                from: HTTPResponse(
                    statusCode: 200, body: emptyErrors, url: URL(string: "https://oauth.reddit.com/api/hide")!)) == nil)
    }

    @Test func descriptionsAreReadable() async throws {
        let error = try await F.error("errors/json_errors_subreddit_exists_200.json")
        #expect(error.description == "Reddit error (HTTP 200): SUBREDDIT_EXISTS: that subreddit already exists [name]")
    }
}
