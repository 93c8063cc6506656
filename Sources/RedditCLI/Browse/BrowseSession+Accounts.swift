package import Foundation
import RedditAPI

/// What `A` in the browser needs: where the accounts' token files are, the account in use, and
/// how to build the service of another.
package struct AccountSwitch: Sendable {
    /// The configuration directory holding the token files.
    let directory: URL
    /// The account in use.
    var current: String
    /// Builds the service that signs in as the named account.
    let makeService: @Sendable (String) throws(CLIError) -> RedditService

    package init(
        directory: URL, current: String, makeService: @escaping @Sendable (String) throws(CLIError) -> RedditService
    ) {
        self.directory = directory
        self.current = current
        self.makeService = makeService
    }

    /// What the title bar adds after the data source: the account, once any is signed in.
    var label: String {
        Accounts(directory: directory).names().isEmpty ? "" : " · account \(current)"
    }
}

extension BrowseSession {
    /// `A`: the signed-in accounts, for the state to show.
    func listAccounts(on state: inout BrowseState) {
        guard let accounts else {
            state.status = "accounts cannot be switched here"
            return
        }
        state.didListAccounts(Accounts(directory: accounts.directory).names(), current: accounts.current)
    }

    /// Uses `name` from now on: its service (its own token file), the title bar naming it, and
    /// the list reloaded as that account sees it. Offline the recording is the same for all, so
    /// the service and the list stay.
    mutating func switchAccount(to name: String, on state: inout BrowseState) async throws(CLIError) {
        guard var accounts else { return }
        if !offline { service = try accounts.makeService(name) }
        accounts.current = name
        self.accounts = accounts
        if !offline { state.userName = nil }
        state.sourceLabel = sourceLabel + accounts.label
        guard state.isPostList, !offline else {
            state.status = "now account \(name)"
            return
        }
        let listing = state.currentListing
        let page = try await service.listing(listing)
        state.didShow(.init(title: title(of: listing), posts: page.links, after: page.after, listing: listing))
        state.status = "now account \(name)"
    }
}
