/// A live thread's contributors and, for a contributor who may manage them, the users invited
/// but not yet accepted (`/live/ID/contributors`).
public struct LiveContributors: Sendable, Hashable, Decodable {
    /// The contributors, each with their ``UserRelationship/permissions``.
    public var contributors: [UserRelationship]
    /// The invited users; empty unless you have the ``LivePermission/manage`` permission.
    public var invited: [UserRelationship]

    /// Decodes one `UserList` (contributors only) or an array of two (contributors, then invitations).
    public init(from decoder: any Decoder) throws {
        if var lists = try? decoder.unkeyedContainer() {
            contributors = try lists.isAtEnd ? [] : lists.decode(ItemListing<UserRelationship>.self).items
            invited = try lists.isAtEnd ? [] : lists.decode(ItemListing<UserRelationship>.self).items
        } else {
            contributors = try ItemListing<UserRelationship>(from: decoder).items
            invited = []
        }
    }
}
