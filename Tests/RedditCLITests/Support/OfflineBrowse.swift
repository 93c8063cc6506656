import Foundation
import RedditAPI

@testable import RedditCLI

/// The browser's starting points on the recorded data, for the tests of its keys: the offline
/// service, the front page and post 3hahrw's thread opened from it.
enum OfflineBrowse {
    /// The shipped cassette, read once for every test (reading it is most of the cost of an
    /// offline start, seconds in a debug build on a busy machine).
    static let transport: Result<RedditRecordings, CLIError> = {
        do throws(CLIError) {
            return .success(try ShippedCassette.recordings())
        } catch {
            return .failure(error)
        }
    }()

    /// A fresh service (its own account store) over the shared recording.
    static func service() throws -> RedditService {
        ServiceFactory.offline(
            userAgent: try UserAgent("linux:dev.courier.reddit-cli-tests:1.0 (by /u/courier-tests)"),
            transport: try transport.get())
    }

    /// A page of `limit` posts of the offline first screen (the recorded threads), starting at
    /// post 3hahrw (an imgur video with comments), as the browser shows a page.
    static func frontPage(limit: Int = 3) async throws -> BrowseState {
        let listing = ListingOptions(page: PageOptions(limit: limit, after: "t3_571dw3"))
        let page = try await service().listing(listing)
        return BrowseState(
            root: .init(title: "front page", posts: page.links, after: page.after, listing: listing),
            sourceLabel: "offline")
    }

    /// The front page with post 3hahrw's thread opened over it.
    static func threadState() async throws -> BrowseState {
        var state = try await frontPage()
        state.didOpen(try await service().commentTree(CommentsOptions(postID: "3hahrw")))
        return state
    }
}
