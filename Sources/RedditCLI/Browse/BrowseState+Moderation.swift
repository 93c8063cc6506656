import Foundation
package import RedditAPI

/// The moderator's keys: `M` opens the menu; in a queue `a` approves, `R` removes (after picking
/// a removal reason), `S` marks spam, `L` locks or unlocks and `D` distinguishes; in modmail `r`
/// replies. These keys mean this only on the moderator's screens.
extension BrowseState {
    /// The keys the moderator's screens leave to the rest of the browser: back, quit, help and
    /// the screens reached from anywhere.
    private static let sharedKeys: [Key] = [
        .interrupt, .endOfInput, .escape, .left, .character("q"), .character("Q"), .character("?"),
        .character("/"), .character("i"), .character("C"),
    ]

    /// The moderator's screen on top, if one is.
    var moderationView: ModerationView? {
        if case .moderation(let view) = current { return view }
        return nil
    }

    /// `M`, or `mod` typed at the `r` prompt: the moderator menu.
    mutating func openModeratorMenu(subreddit: String? = nil) -> Effect? {
        .moderator(.menu(subreddit: subreddit))
    }

    /// A key on a moderator's screen: `.some` when handled here (with the work to do, if any),
    /// nil when the rest of the browser handles it.
    mutating func handleModeration(_ key: Key) -> Effect?? {
        guard let view = moderationView else { return nil }
        if case .reasons(let picker) = view { return .some(pickReason(key, picker)) }
        if Self.sharedKeys.contains(key) { return nil }
        if key == .character("r"), case .queue = view { return nil }
        if key == .character("M") { return .some(openModeratorMenu()) }
        switch key {
        case .up, .character("k"): moveModeration(by: -1)
        case .down, .character("j"): moveModeration(by: 1)
        case .pageUp: moveModeration(by: -max(1, pageSize - 1))
        case .pageDown: moveModeration(by: max(1, pageSize - 1))
        case .home, .character("g"): moveModeration(by: Int.min / 2)
        case .end, .character("G"): moveModeration(by: Int.max / 2)
        default:
            switch view {
            case .menu(let menu): return .some(menuKey(key, menu))
            case .queue(let queue): return .some(queueKey(key, queue))
            case .modmail, .conversation: return .some(modmailKey(key))
            case .log(let log):
                if key == .character("n"), let after = log.after {
                    return .some(.moderator(.log(subreddit: log.subreddit, after: after)))
                }
            case .reasons: break
            }
        }
        return .some(nil)
    }

    private mutating func moveModeration(by delta: Int) {
        func clamp(_ index: Int, _ count: Int) -> Int {
            min(max(0, index.addingReportingOverflow(delta).partialValue), max(0, count - 1))
        }
        switch moderationView {
        case .menu(var menu):
            menu.selected = clamp(menu.selected, ModeratorMenu.Entry.allCases.count)
            replaceCurrent(.moderation(.menu(menu)))
        case .queue(var queue):
            queue.selected = clamp(queue.selected, queue.items.count)
            replaceCurrent(.moderation(.queue(queue)))
        case .modmail(var list):
            list.selected = clamp(list.selected, list.conversations.count)
            replaceCurrent(.moderation(.modmail(list)))
        case .log(var log):
            log.selected = clamp(log.selected, log.entries.count)
            replaceCurrent(.moderation(.log(log)))
        case .conversation:
            threadTop = max(0, threadTop.addingReportingOverflow(delta).partialValue)
        case .reasons, nil:
            break
        }
    }

    private mutating func menuKey(_ key: Key, _ menu: ModeratorMenu) -> Effect? {
        let entries = ModeratorMenu.Entry.allCases
        var index = menu.selected
        switch key {
        case .enter, .space, .right: break
        case .character(let digit) where ("1"..."5").contains(digit): index = Int(String(digit))! - 1
        case .character("s"):
            openPrompt(.moderatedSubreddit)
            return nil
        default: return nil
        }
        let subreddit = menu.subreddit
        switch entries[index] {
        case .queue: return .moderator(.queue(.modQueue, subreddit: subreddit, after: nil))
        case .reports: return .moderator(.queue(.reports, subreddit: subreddit, after: nil))
        case .unmoderated: return .moderator(.queue(.unmoderated, subreddit: subreddit, after: nil))
        case .modmail: return .moderator(.modmail)
        case .log: return .moderator(.log(subreddit: subreddit, after: nil))
        }
    }

    private mutating func queueKey(_ key: Key, _ queue: ModQueue) -> Effect? {
        guard let item = queue.selectedItem else {
            if key == .character("n"), let after = queue.after {
                return .moderator(.queue(queue.queue, subreddit: queue.subreddit, after: after))
            }
            return nil
        }
        switch key {
        case .enter, .space, .right:
            switch item.content {
            case .post(let post): return .openPost(id: post.id)
            case .comment(let comment): return .openPost(id: comment.linkID.id)
            }
        case .character("o"):
            switch item.content {
            case .post(let post):
                return .open(post.isSelf || post.url.isEmpty ? "https://www.reddit.com" + post.permalink : post.url)
            case .comment(let comment):
                return .open("https://www.reddit.com/comments/\(comment.linkID.id)/_/\(comment.id)/")
            }
        case .character("n"):
            guard let after = queue.after else {
                status = "no more items in this queue"
                return nil
            }
            return .moderator(.queue(queue.queue, subreddit: queue.subreddit, after: after))
        case .character("a"): return .moderator(.act(.approve(item.name)))
        case .character("S"): return .moderator(.act(.spam(item.name)))
        case .character("L"): return .moderator(.act(.lock(item.name, !item.isLocked)))
        case .character("D"): return .moderator(.act(.distinguish(item.name, !item.isDistinguished)))
        case .character("R"):
            if let reasons = removalReasons[item.subreddit.lowercased()] {
                stack.append(.moderation(.reasons(.init(item: item.name, subreddit: item.subreddit, reasons: reasons))))
                return nil
            }
            return .moderator(.removalReasons(subreddit: item.subreddit, item: item.name))
        default: return nil
        }
    }

    private mutating func modmailKey(_ key: Key) -> Effect? {
        var conversation: ModmailConversation?
        switch moderationView {
        case .modmail(let list):
            guard list.conversations.indices.contains(list.selected) else { return nil }
            conversation = list.conversations[list.selected]
        case .conversation(let open): conversation = open
        default: break
        }
        guard let conversation else { return nil }
        switch key {
        case .enter, .space, .right:
            guard case .modmail = moderationView else { return nil }
            threadTop = 0
            stack.append(.moderation(.conversation(conversation)))
        case .character("r"), .character("c"):
            guard conversation.isRepliable else {
                status = "this conversation takes no replies"
                return nil
            }
            return .write(.modmailReply(conversation: conversation.id))
        default: break
        }
        return nil
    }

    /// Keys on the removal reasons: Enter (or a reason's number, 0 for none) removes with it;
    /// q, Esc or ← go back without removing.
    private mutating func pickReason(_ key: Key, _ picker: RemovalReasonPicker) -> Effect? {
        var picker = picker
        var chosen: Int?
        switch key {
        case .interrupt, .endOfInput, .character("Q"): return .quit
        case .character("q"), .escape, .left:
            stack.removeLast()
            status = "not removed"
            return nil
        case .up, .character("k"): picker.selected = max(0, picker.selected - 1)
        case .down, .character("j"): picker.selected = min(picker.reasons.count, picker.selected + 1)
        case .enter, .space, .right: chosen = picker.selected
        case .character(let digit) where digit.isASCII && digit.isNumber:
            let number = Int(String(digit))!
            guard number <= picker.reasons.count else {
                status = "no removal reason \(number): 0 removes without one"
                return nil
            }
            chosen = number
        default: return nil
        }
        guard let chosen else {
            replaceCurrent(.moderation(.reasons(picker)))
            return nil
        }
        stack.removeLast()
        let reason = chosen == 0 ? nil : picker.reasons[chosen - 1]
        return .moderator(.act(.remove(picker.item, reason: reason)))
    }

    /// Enter at the `moderate r/` prompt: the menu for that subreddit.
    mutating func finishModeratedSubredditPrompt(_ answer: String) -> Effect? {
        guard case .menu(var menu) = moderationView else { return nil }
        let subreddit = CommandParser.stripSubredditPrefix(answer)
        guard !subreddit.isEmpty else { return nil }
        menu.subreddit = subreddit
        replaceCurrent(.moderation(.menu(menu)))
        return nil
    }

    // MARK: results

    /// Shows the menu: in place of the menu on top, else on top of the current screen.
    package mutating func didOpenModeratorMenu(_ menu: ModeratorMenu) {
        if case .menu = moderationView { stack.removeLast() }
        stack.append(.moderation(.menu(menu)))
    }

    /// Shows a page of a queue; the next page is appended to the queue on top.
    package mutating func didLoadQueue(_ queue: ModQueue, isNextPage: Bool) {
        if isNextPage, case .queue(var shown) = moderationView {
            let known = Set(shown.items.map(\.name))
            shown.items += queue.items.filter { !known.contains($0.name) }
            shown.after = queue.after
            replaceCurrent(.moderation(.queue(shown)))
            return
        }
        stack.append(.moderation(.queue(queue)))
    }

    package mutating func didLoadModmail(_ conversations: [ModmailConversation]) {
        stack.append(.moderation(.modmail(ModmailList(conversations: conversations))))
    }

    package mutating func didLoadLog(_ log: ModLog, isNextPage: Bool) {
        if isNextPage, case .log(var shown) = moderationView {
            shown.entries += log.entries
            shown.after = log.after
            replaceCurrent(.moderation(.log(shown)))
            return
        }
        stack.append(.moderation(.log(log)))
    }

    /// Keeps `reasons` for `subreddit` and shows them to pick from, to remove `item`.
    package mutating func didLoadRemovalReasons(_ reasons: [RemovalReason], of subreddit: String, for item: Fullname) {
        removalReasons[subreddit.lowercased()] = reasons
        stack.append(.moderation(.reasons(RemovalReasonPicker(item: item, subreddit: subreddit, reasons: reasons))))
    }

    /// Marks the item an action was done to (or, offline, would have been done to), wherever a
    /// queue on the stack shows it.
    package mutating func didModerate(_ action: ModeratorAction) {
        for index in stack.indices {
            guard case .moderation(.queue(var queue)) = stack[index],
                let item = queue.items.firstIndex(where: { $0.name == action.name })
            else { continue }
            var marks = queue.items[item].marks
            switch action {
            case .lock(_, let locked):
                queue.items[item].isLocked = locked
                marks.removeAll { $0 == "locked" || $0 == "unlocked" }
            case .distinguish(_, let on):
                queue.items[item].isDistinguished = on
                marks.removeAll { $0.hasSuffix("distinguished") }
            case .approve, .remove, .spam:
                // One verdict at a time: the last one stands (approved, then removed, is removed).
                marks.removeAll { $0 == "approved" || $0 == "spam" || $0 == "removed" || $0.hasPrefix("removed: ") }
            }
            queue.items[item].marks = marks
            queue.items[item].marks.append(action.mark)
            stack[index] = .moderation(.queue(queue))
        }
    }
}
