package import RedditAPI

/// Votes and saves made in this session, shown at once while the request runs (optimistic)
/// and dropped again if it fails. Renderers read a thing's state through it; the arithmetic
/// (the score a vote implies) is RedditAPI's `LocalChange.applied(to:)`.
package struct LocalChanges: Sendable, Equatable {
    /// The change made to each thing, by fullname.
    package private(set) var changes: [Fullname: LocalChange] = [:]

    package init() {}

    /// The votes made here, by thing.
    package var votes: [Fullname: Vote] { changes.compactMapValues(\.vote) }
    /// The saves and unsaves made here, by thing.
    package var saved: [Fullname: Bool] { changes.compactMapValues(\.saved) }

    package mutating func set(_ vote: Vote?, for name: Fullname) {
        changes[name, default: LocalChange()].vote = vote
        dropIfEmpty(name)
    }

    package mutating func set(saved value: Bool?, for name: Fullname) {
        changes[name, default: LocalChange()].saved = value
        dropIfEmpty(name)
    }

    private mutating func dropIfEmpty(_ name: Fullname) {
        if changes[name] == LocalChange() { changes[name] = nil }
    }

    /// `thing` as the user sees it: with the vote, score and saved flag changed here.
    package func applied<Thing: Interactable>(to thing: Thing) -> Thing {
        changes[thing.name].map { $0.applied(to: thing) } ?? thing
    }

    /// The vote shown for a thing whose recorded vote is `recorded`.
    package func vote(_ name: Fullname, recorded: Vote) -> Vote {
        applied(to: Recorded(name: name, likes: recorded)).likes
    }

    /// The score shown for a thing Reddit reported with `recorded` points and `recordedVote`.
    package func score(_ name: Fullname, recorded: Int, recordedVote: Vote) -> Int {
        applied(to: Recorded(name: name, likes: recordedVote, score: recorded)).score
    }

    /// Whether a thing whose recorded flag is `recorded` is shown as saved.
    package func isSaved(_ name: Fullname, recorded: Bool) -> Bool {
        applied(to: Recorded(name: name, saved: recorded)).saved
    }

    /// The fields of a thing that a change touches, as Reddit reported them.
    private struct Recorded: Interactable {
        var name: Fullname
        var likes: Vote = .none
        var score = 0
        var saved = false
    }
}
