public import Foundation

/// A subreddit's visitor statistics (`/r/SUB/about/traffic`), newest period first.
public struct SubredditTraffic: Sendable, Hashable, Decodable {
    /// The counts of one period.
    public struct Period: Sendable, Hashable {
        /// When the period starts.
        public var start: Date
        /// Distinct visitors.
        public var uniques: Int
        /// Page views.
        public var pageviews: Int
        /// New subscribers (daily periods only).
        public var subscriptions: Int?
    }

    /// One entry per day.
    public var days: [Period]
    /// One entry per hour.
    public var hours: [Period]
    /// One entry per month.
    public var months: [Period]

    private enum CodingKeys: String, CodingKey { case day, hour, month }

    /// Decodes `{"day": [[epoch, uniques, pageviews, subscriptions]], "hour": [...], "month": [...]}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func periods(_ key: CodingKeys) throws -> [Period] {
            try c.value(key, or: [[Int]]()).map { row in
                guard row.count >= 3 else {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: c, debugDescription: "a traffic row needs a date, uniques and pageviews")
                }
                return Period(
                    start: Date(timeIntervalSince1970: Double(row[0])), uniques: row[1], pageviews: row[2],
                    subscriptions: row.count > 3 ? row[3] : nil)
            }
        }
        days = try periods(.day)
        hours = try periods(.hour)
        months = try periods(.month)
    }
}
