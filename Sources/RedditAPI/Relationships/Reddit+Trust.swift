public import Courier
import Foundation

/// Whose private messages and chats reach you: trusting a user (their messages always arrive)
/// and lifting a block.
extension Reddit {
    /// Trusts a user: their messages reach you even when you limit who may write
    /// (`/api/add_whitelisted`).
    public static func trust(_ user: String) -> Request<Void> { post("/api/add_whitelisted", ["name": user]) }

    /// Stops trusting a user (`/api/remove_whitelisted`).
    public static func distrust(_ user: String) -> Request<Void> { post("/api/remove_whitelisted", ["name": user]) }

    /// Unblocks a user you blocked; `account` is your own account's fullname (``Account/fullname``),
    /// which Reddit asks for (`/r/all/api/unfriend`, `type=enemy`).
    public static func unblock(_ user: String, blockedBy account: Fullname) -> Request<Void> {
        post("/r/all/api/unfriend", ["name": user, "type": "enemy", "container": account.rawValue])
    }
}
