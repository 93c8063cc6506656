public import Courier
import Foundation

/// The signed-in user's friends, blocked users and trusted users (scopes `read`, `account`,
/// `subscribe`). Each list answers with ``UserRelationship``s (name, account id, since when).
///
/// ```swift
/// let friend = try await reddit.send(Reddit.addFriend("spez"))
/// let blocked = try await reddit.send(Reddit.blockedUsers())
/// ```
extension Reddit {
    // MARK: Friends

    /// Your friends (`/api/v1/me/friends`).
    public static func friends() -> Request<[UserRelationship]> { userList("/api/v1/me/friends") }

    /// Your friendship with `user`: since when, and your note (Reddit Premium); Reddit answers
    /// an error when `user` is not your friend.
    public static func friend(_ user: String) -> Request<UserRelationship> {
        get(friendPath(user))
    }

    /// Makes `user` your friend, or changes the note (Reddit Premium only; Reddit refuses a note
    /// without it with `GOLD_REQUIRED`, a ``RedditError``). Answers with the friendship.
    public static func addFriend(_ user: String, note: String? = nil) -> Request<UserRelationship> {
        Request<Void>(
            method: .put, path: friendPath(user), body: .json(JSON.object(note.map { ["note": .string($0)] } ?? [:]))
        )
        .reading(UserRelationship.self) { $0 }
    }

    /// Ends your friendship with `user` (Reddit answers 204).
    public static func removeFriend(_ user: String) -> Request<Void> {
        Request<Void>(method: .delete, path: friendPath(user), body: .json(JSON.object(["id": .string(user)])))
            .map { data, _, _ in try acknowledge(data) }
    }

    // MARK: Blocks and trust

    /// The users you blocked (`/prefs/blocked`).
    public static func blockedUsers() -> Request<[UserRelationship]> { userList("/prefs/blocked") }

    /// Blocks a user: you stop seeing their posts, comments and messages. Answers with the block.
    /// Lift it with ``unblock(_:blockedBy:)``.
    public static func block(_ user: String) -> Request<UserRelationship> {
        call(.post, "/api/block_user", query: [("name", user)], form: [:], as: UserRelationship.self) { $0 }
    }

    /// Blocks the author of a message or comment in your inbox, named by its fullname (`/api/block`).
    public static func blockAuthor(of thing: Fullname) -> Request<Void> { post("/api/block", ["id": thing.rawValue]) }

    /// The users whose messages always reach you (`/prefs/trusted`); see ``trust(_:)``.
    public static func trustedUsers() -> Request<[UserRelationship]> { userList("/prefs/trusted") }

    // MARK: Paths

    /// `/api/v1/me/friends/USER`.
    static func friendPath(_ user: String) -> String { "/api/v1/me/friends/" + segment(user) }

    /// A `UserList`'s users.
    static func userList(_ path: String) -> Request<[UserRelationship]> {
        decoded(path, as: ItemListing<UserRelationship>.self) { $0.items }
    }
}
