import Foundation
import RedditAPI

/// The work behind rtv's navigation keys (see ``BrowseState/Navigation``).
extension BrowseSession {
    func navigate(
        _ step: BrowseState.Navigation, on state: inout BrowseState, events: TerminalEvents
    ) async throws(CLIError) {
        switch step {
        case .openThread(let options):
            state.didOpen(try await service.commentTree(options))
        case .resortThread(let options) where offline:
            state.didNotResortOffline(options.sort ?? .confidence)
        case .resortThread(let options):
            state.didResort(try await service.commentTree(options), sort: options.sort ?? .confidence)
        case .posts(let source, let after):
            let page = PageOptions(after: after?.rawValue)
            let listing: Listing
            switch source {
            case .user(let name, let section):
                let user = name == BrowseState.signedInUser ? try await service.me().value.name : name
                listing = try await service.profile(user: user, section: section, page: page).value
            case .multireddit(let owner, let name):
                listing = try await service.multireddit(name, of: owner, page: page)
            case .domain(let domain):
                listing = try await service.domain(domain, page: page)
            }
            state.didLoadPosts(listing, from: source, isNextPage: after != nil)
        case .subscriptions:
            state.didLoadSubscriptions(try await service.subscriptions())
        case .hide(let name):
            let outcome = try await service.hide(name)
            // Offline too: the post goes, so that the screen shows what the key does.
            state.didHide(name)
            Self.report(outcome, of: .navigate(step), done: "hidden \(name.rawValue)", on: &state)
        case .delete(let name):
            let outcome = try await service.delete(name)
            Self.report(outcome, of: .navigate(step), done: "deleted \(name.rawValue)", on: &state)
        case .markRead(let name):
            let outcome = try await service.markRead([name])
            // Offline too: the mark goes, so that the screen shows what the key does.
            state.didMarkRead(name)
            Self.report(outcome, of: .navigate(step), done: "marked \(name.rawValue) read", on: &state)
        case .identify:
            // Handled by the loop (it performs the key's effect again).
            break
        case .edit(let name, let current):
            try await write(.edit(name), startingWith: current, on: &state, events: events)
        }
    }
}
