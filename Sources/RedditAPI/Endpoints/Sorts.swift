/// The time window of `top` and `controversial` listings (`t=`).
public enum TimeRange: String, Sendable, Hashable, CaseIterable, Codable {
    /// The past hour.
    case hour
    /// The past day.
    case day
    /// The past week.
    case week
    /// The past month.
    case month
    /// The past year.
    case year
    /// All time.
    case all
}

/// How a subreddit or the front page is sorted.
public enum ListingSort: Sendable, Hashable {
    /// Reddit's default ranking.
    case hot
    /// Newest first.
    case new
    /// Gaining votes now.
    case rising
    /// Personalised ranking (front page).
    case best
    /// Highest score within a time range.
    case top(TimeRange)
    /// Most disputed within a time range.
    case controversial(TimeRange)

    /// The path segment (`hot`, `top`...).
    var path: String {
        switch self {
        case .hot: "hot"
        case .new: "new"
        case .rising: "rising"
        case .best: "best"
        case .top: "top"
        case .controversial: "controversial"
        }
    }

    /// The time range, for `top` and `controversial`.
    var timeRange: TimeRange? {
        switch self {
        case .top(let range), .controversial(let range): range
        default: nil
        }
    }
}

/// How a user's overview, posts or comments are sorted.
public enum UserListingSort: Sendable, Hashable {
    /// Reddit's default ranking.
    case hot
    /// Newest first.
    case new
    /// Highest score within a time range.
    case top(TimeRange)
    /// Most disputed within a time range.
    case controversial(TimeRange)

    var queryItems: [(String, String)] {
        switch self {
        case .hot: [("sort", "hot")]
        case .new: [("sort", "new")]
        case .top(let range): [("sort", "top"), ("t", range.rawValue)]
        case .controversial(let range): [("sort", "controversial"), ("t", range.rawValue)]
        }
    }
}

/// How a post's comments are sorted.
public enum CommentSort: String, Sendable, Hashable, CaseIterable, Codable {
    /// "Best": Reddit's confidence ranking (the default).
    case confidence
    /// Highest score first.
    case top
    /// Newest first.
    case new
    /// Most disputed first.
    case controversial
    /// Oldest first.
    case old
    /// Question-and-answer: threads the post's author replied in first.
    case qa
    /// Random order.
    case random
    /// Newest first, updating as comments arrive (live threads).
    case live

    /// "Best", which Reddit calls `confidence`.
    public static let best = CommentSort.confidence
}

/// How search results are sorted.
public enum SearchSort: String, Sendable, Hashable, CaseIterable {
    /// Best match first (the default).
    case relevance
    /// Reddit's hot ranking.
    case hot
    /// Highest score first.
    case top
    /// Newest first.
    case new
    /// Most comments first.
    case comments
}

/// Which page of a listing to ask for.
///
/// Reddit pages with fullnames: pass a listing's ``Listing/after`` to get the next page. Send
/// `after` or `before`, not both.
public struct PageParameters: Sendable, Hashable {
    /// Items after this one.
    public var after: Fullname?
    /// Items before this one.
    public var before: Fullname?
    /// How many items (Reddit's default is 25, its maximum 100).
    public var limit: Int?
    /// How many items were already seen (Reddit uses it for numbering).
    public var count: Int?

    /// Creates page parameters.
    public init(after: Fullname? = nil, before: Fullname? = nil, limit: Int? = nil, count: Int? = nil) {
        self.after = after
        self.before = before
        self.limit = limit
        self.count = count
    }

    /// The first page with Reddit's default size.
    public static let first = PageParameters()

    var queryItems: [(String, String)] {
        var items: [(String, String)] = []
        if let after { items.append(("after", after.rawValue)) }
        if let before { items.append(("before", before.rawValue)) }
        if let limit { items.append(("limit", String(min(max(limit, 1), 100)))) }
        if let count { items.append(("count", String(count))) }
        return items
    }
}
