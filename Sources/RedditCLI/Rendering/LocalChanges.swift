package import RedditAPI

/// Votes and saves made in this session, shown at once while the request runs (optimistic)
/// and dropped again if it fails. Renderers read a thing's state through it.
package struct LocalChanges: Sendable, Equatable {
    package private(set) var votes: [Fullname: Vote] = [:]
    package private(set) var saved: [Fullname: Bool] = [:]

    package init() {}

    package mutating func set(_ vote: Vote?, for name: Fullname) { votes[name] = vote }
    package mutating func set(saved value: Bool?, for name: Fullname) { saved[name] = value }

    /// The vote shown for a thing whose recorded vote is `recorded`.
    package func vote(_ name: Fullname, recorded: Vote) -> Vote { votes[name] ?? recorded }

    /// The score shown: the recorded one moved by the difference between the votes.
    package func score(_ name: Fullname, recorded: Int, recordedVote: Vote) -> Int {
        recorded + vote(name, recorded: recordedVote).rawValue - recordedVote.rawValue
    }

    package func isSaved(_ name: Fullname, recorded: Bool) -> Bool { saved[name] ?? recorded }
}
