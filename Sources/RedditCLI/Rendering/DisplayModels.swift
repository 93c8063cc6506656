import Foundation

/// A post as the terminal shows it: the fields a listing line and a post header need.
package struct PostSummary: Equatable, Sendable, Codable {
    package var id: String
    package var title: String
    package var subreddit: String
    package var author: String
    package var score: Int
    package var commentCount: Int
    package var created: Date
    package var domain: String
    package var isSelf: Bool
    package var selfText: String
    package var url: String
    package var permalink: String
    package var isNSFW: Bool
    package var isStickied: Bool
    /// true: upvoted, false: downvoted, nil: no vote.
    package var likes: Bool?
    package var isSaved: Bool

    package var fullname: String { "t3_" + id }

    package init(
        id: String, title: String, subreddit: String, author: String, score: Int, commentCount: Int,
        created: Date, domain: String, isSelf: Bool = false, selfText: String = "", url: String = "",
        permalink: String = "", isNSFW: Bool = false, isStickied: Bool = false, likes: Bool? = nil, isSaved: Bool = false
    ) {
        self.id = id
        self.title = title
        self.subreddit = subreddit
        self.author = author
        self.score = score
        self.commentCount = commentCount
        self.created = created
        self.domain = domain
        self.isSelf = isSelf
        self.selfText = selfText
        self.url = url
        self.permalink = permalink
        self.isNSFW = isNSFW
        self.isStickied = isStickied
        self.likes = likes
        self.isSaved = isSaved
    }
}

/// A comment as the terminal shows it.
package struct CommentSummary: Equatable, Sendable, Codable {
    package var id: String
    package var author: String
    package var body: String
    package var score: Int
    package var created: Date
    package var isSubmitter: Bool
    package var isStickied: Bool
    package var likes: Bool?
    package var isSaved: Bool

    package var fullname: String { "t1_" + id }

    package init(
        id: String, author: String, body: String, score: Int, created: Date,
        isSubmitter: Bool = false, isStickied: Bool = false, likes: Bool? = nil, isSaved: Bool = false
    ) {
        self.id = id
        self.author = author
        self.body = body
        self.score = score
        self.created = created
        self.isSubmitter = isSubmitter
        self.isStickied = isStickied
        self.likes = likes
        self.isSaved = isSaved
    }
}

/// One node of a comment tree: a comment with its replies, or a "more" stub.
package indirect enum CommentNode: Equatable, Sendable, Encodable {
    /// A comment and its replies.
    case comment(CommentSummary, replies: [CommentNode])
    /// Replies not loaded yet: `count` comments behind `childIDs` (fetched with morechildren).
    /// `childIDs` empty with `count` 0 is Reddit's "continue this thread".
    case more(id: String, parentID: String, count: Int, childIDs: [String])

    private enum CodingKeys: String, CodingKey { case kind, comment, replies, id, parentID = "parent_id", count, children }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .comment(let comment, let replies):
            try container.encode("comment", forKey: .kind)
            try container.encode(comment, forKey: .comment)
            try container.encode(replies, forKey: .replies)
        case .more(let id, let parentID, let count, let childIDs):
            try container.encode("more", forKey: .kind)
            try container.encode(id, forKey: .id)
            try container.encode(parentID, forKey: .parentID)
            try container.encode(count, forKey: .count)
            try container.encode(childIDs, forKey: .children)
        }
    }

    /// The comment's or stub's id.
    package var id: String {
        switch self {
        case .comment(let comment, _): comment.id
        case .more(let id, _, _, _): id
        }
    }
}

/// A post with its comment tree.
package struct PostThread: Equatable, Sendable, Encodable {
    package var post: PostSummary
    package var comments: [CommentNode]

    package init(post: PostSummary, comments: [CommentNode]) {
        self.post = post
        self.comments = comments
    }
}

/// A page of posts and where the next one starts.
package struct PostPage: Equatable, Sendable, Encodable {
    package var posts: [PostSummary]
    package var after: String?

    package init(posts: [PostSummary], after: String?) {
        self.posts = posts
        self.after = after
    }
}

/// An item in a user's profile: a post or a comment with the post it belongs to.
package enum ProfileItem: Equatable, Sendable, Encodable {
    case post(PostSummary)
    case comment(CommentSummary, postTitle: String, subreddit: String)
}

extension ProfileItem {
    private enum CodingKeys: String, CodingKey { case kind, post, comment, postTitle = "post_title", subreddit }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .post(let post):
            try container.encode("post", forKey: .kind)
            try container.encode(post, forKey: .post)
        case .comment(let comment, let title, let subreddit):
            try container.encode("comment", forKey: .kind)
            try container.encode(comment, forKey: .comment)
            try container.encode(title, forKey: .postTitle)
            try container.encode(subreddit, forKey: .subreddit)
        }
    }
}

/// A page of a user's profile.
package struct ProfilePage: Equatable, Sendable, Encodable {
    package var items: [ProfileItem]
    package var after: String?
}

/// A subreddit's about page.
package struct SubredditSummary: Equatable, Sendable, Codable {
    package var name: String
    package var title: String
    package var subscribers: Int?
    package var activeUsers: Int?
    package var created: Date?
    package var publicDescription: String
    package var isNSFW: Bool

    package init(name: String, title: String, subscribers: Int?, activeUsers: Int?, created: Date?, publicDescription: String, isNSFW: Bool) {
        self.name = name
        self.title = title
        self.subscribers = subscribers
        self.activeUsers = activeUsers
        self.created = created
        self.publicDescription = publicDescription
        self.isNSFW = isNSFW
    }
}

/// An account's public numbers.
package struct AccountSummary: Equatable, Sendable, Codable {
    package var name: String
    package var linkKarma: Int
    package var commentKarma: Int
    package var created: Date?

    package init(name: String, linkKarma: Int, commentKarma: Int, created: Date?) {
        self.name = name
        self.linkKarma = linkKarma
        self.commentKarma = commentKarma
        self.created = created
    }
}
