import Foundation

/// One of PRAW's path templates (`r/{subreddit}/about/log/`), matched against recorded paths.
///
/// As the recordings' extractor matches them: the host is not part of the path, leading and
/// trailing `/` and a `.json` suffix are ignored, each `{placeholder}` is one segment except
/// `{page}`, which may span several (wiki pages have sub-pages). Segments are compared and
/// captured percent-decoded.
package struct PathTemplate: Sendable, Hashable {
    /// The template as PRAW writes it.
    package let text: String
    private let segments: [String]

    /// Parses a template.
    package init(_ text: String) {
        self.text = text
        segments = Self.segments(of: text)
    }

    /// How many literal characters the template has: the most specific of several matches wins.
    package var literalLength: Int {
        segments.filter { !$0.hasPrefix("{") }.reduce(0) { $0 + $1.count }
    }

    /// The placeholders' values when `path` matches, else nil.
    package func match(_ path: String) -> [String: String]? {
        Self.match(segments[...], Self.segments(of: path).map(Self.decoded)[...])
    }

    private static func match(_ template: ArraySlice<String>, _ path: ArraySlice<String>) -> [String: String]? {
        guard let head = template.first else { return path.isEmpty ? [:] : nil }
        guard head.hasPrefix("{"), head.hasSuffix("}") else {
            guard path.first == head else { return nil }
            return match(template.dropFirst(), path.dropFirst())
        }
        let name = String(head.dropFirst().dropLast())
        let longest = name == "page" ? path.count - template.dropFirst().count : 1
        guard longest >= 1 else { return nil }
        for length in stride(from: longest, through: 1, by: -1) where length <= path.count {
            if var rest = match(template.dropFirst(), path.dropFirst(length)) {
                rest[name] = path.prefix(length).joined(separator: "/")
                return rest
            }
        }
        return nil
    }

    /// The segments of a template or path: no leading or trailing `/`, no `.json` suffix.
    static func segments(of text: String) -> [String] {
        var trimmed = Substring(text)
        while trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".json") { trimmed = trimmed.dropLast(5) }
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed.isEmpty ? [] : trimmed.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }

    /// A segment percent-decoded (kept as it is when it is not valid percent-encoding).
    static func decoded(_ segment: String) -> String { segment.removingPercentEncoding ?? segment }

    /// What a normalized path asks Reddit for, in one spelling: a post's comment page as
    /// `comments/ID` (from `r/SUB/comments/ID`, `comments/ID/SLUG`, `r/SUB/comments/ID/SLUG`), a
    /// comment's permalink as `comments/ID/_/COMMENT` (from `…/comments/ID/SLUG/COMMENT`, the slug
    /// possibly empty or `_`). Other paths are returned as they are.
    package static func canonical(_ normalized: String) -> String {
        var segments = normalized.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if segments.count >= 4, segments[0].lowercased() == "r", segments[2] == "comments" {
            segments.removeFirst(2)
        }
        guard segments.count >= 2, segments.count <= 4, segments[0] == "comments", !segments[1].isEmpty else {
            return normalized
        }
        switch segments.count {
        case 2: return "comments/" + segments[1]
        case 3: return "comments/" + segments[1]
        default: return "comments/" + segments[1] + "/_/" + segments[3]
        }
    }

    /// A path in the form paths are compared in: decoded segments joined by `/`, without the
    /// leading and trailing `/` and `.json`.
    package static func normalized(_ path: String) -> String {
        segments(of: path).map(decoded).joined(separator: "/")
    }
}
