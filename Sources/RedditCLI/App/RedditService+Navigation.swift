import Courier
package import RedditAPI

/// The reads and writes of the browser's rtv navigation: multireddits, hiding posts.
extension RedditService {
    /// A page of a multireddit's posts (`owner`'s; the signed-in user's when nil).
    package func multireddit(_ name: String, of owner: String?, page: PageOptions) async throws(CLIError) -> Listing {
        var user = owner
        if user == nil { user = try await me().value.name }
        return try await answer(Reddit.multiredditPosts(name, of: user ?? "", page: Self.page(page))).value
    }

    /// A page of the posts linking to `domain`, in Reddit's default order.
    package func domain(_ domain: String, page: PageOptions) async throws(CLIError) -> Listing {
        try await answer(Reddit.listing(domain: domain, page: Self.page(page))).value
    }

    /// Hides a post from the listings (offline: says what it would send).
    @discardableResult
    package func hide(_ name: Fullname) async throws(CLIError) -> WriteOutcome {
        try await queueing(.hide(name, true)) { () async throws(CLIError) in try await write(Reddit.hide([name])) }
    }
}
