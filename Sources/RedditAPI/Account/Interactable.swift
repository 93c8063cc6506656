/// A post or comment the user can vote on and save.
public protocol Interactable: Sendable {
    /// The thing's fullname.
    var name: Fullname { get }
    /// The user's vote as Reddit last reported it.
    var likes: Vote { get set }
    /// The score as Reddit last reported it.
    var score: Int { get set }
    /// Whether it is saved, as Reddit last reported it.
    var saved: Bool { get set }
}

extension Link: Interactable {}
extension Comment: Interactable {}

/// A change the user made that Reddit has not confirmed yet, or has confirmed since the thing
/// was fetched.
public struct LocalChange: Sendable, Hashable {
    /// The vote the user cast, if they voted.
    public var vote: Vote?
    /// Whether the user saved (true) or unsaved (false) it, if they did either.
    public var saved: Bool?

    /// A change; nil leaves that part as Reddit reported it.
    public init(vote: Vote? = nil, saved: Bool? = nil) {
        self.vote = vote
        self.saved = saved
    }

    /// Applies the change to a thing as fetched: the vote, the score it implies, the saved flag.
    public func applied<Thing: Interactable>(to thing: Thing) -> Thing {
        var thing = thing
        if let vote {
            thing.score += vote.rawValue - thing.likes.rawValue
            thing.likes = vote
        }
        if let saved { thing.saved = saved }
        return thing
    }
}
