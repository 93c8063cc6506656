package import Foundation
package import RedditAPI

/// What a moderation queue tells moderators about one item beyond its post or comment: the
/// reports (users' by reason with a count, moderators' by reason with the moderator's name) and
/// whether it is locked. Read from the listing's JSON as Reddit sent it (`user_reports`,
/// `mod_reports`, `locked`), fields the post and comment models leave out.
package struct ModerationDetails: Sendable, Equatable {
    /// Users' reports for one reason (nil: none given), and how many users gave it.
    package struct UserReport: Sendable, Equatable {
        package var reason: String?
        package var count: Int
    }

    /// A moderator's report: the reason and who reported.
    package struct ModeratorReport: Sendable, Equatable {
        package var reason: String?
        package var moderator: String
    }

    package var userReports: [UserReport] = []
    package var moderatorReports: [ModeratorReport] = []
    package var isLocked = false

    package init(userReports: [UserReport] = [], moderatorReports: [ModeratorReport] = [], isLocked: Bool = false) {
        self.userReports = userReports
        self.moderatorReports = moderatorReports
        self.isLocked = isLocked
    }

    /// How many reports in all.
    package var reportCount: Int { userReports.reduce(0) { $0 + $1.count } + moderatorReports.count }

    /// Each child's details, by fullname, from a listing's JSON body; empty when it is not one.
    /// A report entry of an unexpected shape is left out rather than guessed at.
    package static func byName(inListing body: Data?) -> [Fullname: ModerationDetails] {
        guard let body, let root = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let children = (root["data"] as? [String: Any])?["children"] as? [[String: Any]]
        else { return [:] }
        var details: [Fullname: ModerationDetails] = [:]
        for child in children {
            guard let data = child["data"] as? [String: Any], let name = data["name"] as? String else { continue }
            // `[reason, count, …]`: later entries (snoozing) vary between Reddit's versions.
            let users = (data["user_reports"] as? [[Any]] ?? []).compactMap { entry -> UserReport? in
                guard entry.count >= 2, let count = (entry[1] as? NSNumber)?.intValue else { return nil }
                return UserReport(reason: entry[0] as? String, count: count)
            }
            // `[reason, moderator]`.
            let moderators = (data["mod_reports"] as? [[Any]] ?? []).compactMap { entry -> ModeratorReport? in
                guard entry.count >= 2, let moderator = entry[1] as? String else { return nil }
                return ModeratorReport(reason: entry[0] as? String, moderator: moderator)
            }
            details[Fullname(name)] = ModerationDetails(
                userReports: users, moderatorReports: moderators, isLocked: data["locked"] as? Bool ?? false)
        }
        return details
    }
}
