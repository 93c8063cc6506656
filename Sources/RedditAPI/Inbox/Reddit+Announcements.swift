public import Courier
import Foundation

/// Reddit's announcements to moderators: listing them, marking them read, hiding them.
extension Reddit {
    /// One page of announcements, newest first (`/api/announcements/v1`); pass the page's
    /// ``ItemListing/after`` as `after` for the next.
    public static func announcements(after: String? = nil, limit: Int? = nil) -> Request<ItemListing<Announcement>> {
        var query: [(String, String)] = []
        if let after { query.append(("after", after)) }
        if let limit { query.append(("limit", String(min(max(limit, 1), 100)))) }
        return decoded("/api/announcements/v1", query: query, as: AnnouncementPage.self) { $0.page }
    }

    /// Marks announcements read, by id (`/api/announcements/v1/read`).
    public static func markAnnouncementsRead(_ ids: [String]) -> Request<Void> {
        post("/api/announcements/v1/read", ["ids": ids.joined(separator: ",")])
    }

    /// Marks every announcement read (`/api/announcements/v1/read_all`).
    public static func markAllAnnouncementsRead() -> Request<Void> { post("/api/announcements/v1/read_all", [:]) }

    /// Hides announcements from the list, by id (`/api/announcements/v1/hide`).
    public static func hideAnnouncements(_ ids: [String]) -> Request<Void> {
        post("/api/announcements/v1/hide", ["ids": ids.joined(separator: ",")])
    }
}
