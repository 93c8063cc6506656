import Foundation
import RedditAPI

/// The moderator's work in the browser: loading the menu, queues, modmail, the log and removal
/// reasons, and doing (offline: saying what would be sent for) approve, remove, spam, lock and
/// distinguish.
extension BrowseSession {
    func moderate(_ work: BrowseState.ModeratorEffect, on state: inout BrowseState) async throws(CLIError) {
        switch work {
        case .menu(let subreddit):
            var moderated: [String] = []
            do throws(CLIError) { moderated = try await service.moderatedSubreddits() } catch {
                state.status = "could not list the subreddits you moderate: \(error.message)"
            }
            // Offline (writes are not sent) only the queues of the subreddits listed were
            // recorded, not those of `mod`, so the menu starts on the first of them.
            let start = subreddit ?? (service.sendsWrites ? "mod" : moderated.first ?? "mod")
            state.didOpenModeratorMenu(.init(subreddit: start, moderated: moderated))
        case .queue(let queue, let subreddit, let after):
            let answer = try await service.moderationQueue(
                queue, of: subreddit, only: nil, page: PageOptions(after: after?.rawValue))
            let details = ModerationDetails.byName(inListing: answer.bodies.first)
            let items = answer.value.children.compactMap { thing -> BrowseState.QueueItem? in
                let content: BrowseState.QueueItem.Content
                switch thing {
                case .link(let post): content = .post(post)
                case .comment(let comment): content = .comment(comment)
                default: return nil
                }
                return BrowseState.QueueItem(
                    content: content, details: thing.fullname.flatMap { details[$0] } ?? ModerationDetails())
            }
            state.didLoadQueue(
                .init(queue: queue, subreddit: subreddit, items: items, after: answer.value.after),
                isNextPage: after != nil)
        case .modmail:
            state.didLoadModmail(try await service.modmailConversations(in: [], unreadFirst: false).value)
        case .log(let subreddit, let after):
            let log = try await service.moderationLog(
                of: subreddit, action: nil, moderator: nil, limit: nil, after: after)
            state.didLoadLog(
                .init(subreddit: subreddit, entries: log.value.items, after: log.value.after),
                isNextPage: after != nil)
        case .removalReasons(let subreddit, let item):
            var reasons: [RemovalReason] = []
            do throws(CLIError) { reasons = try await service.removalReasons(of: subreddit) } catch {
                // Removing stays possible without a reason.
                state.status = "no removal reasons: \(error.message)"
            }
            state.didLoadRemovalReasons(reasons, of: subreddit, for: item)
        case .act(let action):
            let outcome = try await perform(action)
            state.didModerate(action)
            Self.report(outcome, of: .moderator(work), done: action.mark, on: &state)
        }
    }

    private func perform(_ action: BrowseState.ModeratorAction) async throws(CLIError) -> RedditService.WriteOutcome {
        switch action {
        case .approve(let name): try await service.approve(name)
        case .remove(let name, let reason): try await service.remove(name, spam: false, reasonID: reason?.id)
        case .spam(let name): try await service.remove(name, spam: true, reasonID: nil)
        case .lock(let name, let locked): try await service.setLocked(name, locked)
        case .distinguish(let name, let on): try await service.distinguish(name, as: on ? .moderator : .none)
        }
    }
}
