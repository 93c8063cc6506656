import Foundation
import RedditAPI

/// The marks beside a post or comment: flair in braces (`{Release}`, emoji by their code such as
/// `{:triforce: Best Friend}`), everything else in brackets (`[nsfw]`, `[OC]`, `[M]`). The text
/// says it all, so the marks read the same without colour (`NO_COLOR`, `TERM=dumb`, pipes);
/// colour only adds emphasis.
struct Markers: Sendable {
    /// One mark: its text, and the colour it gets on a terminal.
    struct Mark: Sendable, Equatable {
        enum Colour: Sendable { case red, green, yellow, blue, magenta, cyan, dim }
        var text: String
        var colour: Colour
    }

    var style: TextStyle

    /// The marks before a post's title: pinned, distinguished, NSFW, spoiler, OC, locked,
    /// archived, removed, saved, awards. `archived` is left out where it would mark nearly
    /// every old post (listing rows), and kept in the post's own view.
    static func post(_ post: Link, saved: Bool, showsArchived: Bool) -> [Mark] {
        var marks: [Mark] = []
        if post.stickied { marks.append(Mark(text: "[pinned]", colour: .green)) }
        if let mark = distinguished(post.distinguished) { marks.append(mark) }
        if post.over18 { marks.append(Mark(text: "[nsfw]", colour: .red)) }
        if post.spoiler { marks.append(Mark(text: "[spoiler]", colour: .yellow)) }
        if post.isOriginalContent { marks.append(Mark(text: "[OC]", colour: .green)) }
        if post.locked { marks.append(Mark(text: "[locked]", colour: .yellow)) }
        if post.archived, showsArchived { marks.append(Mark(text: "[archived]", colour: .dim)) }
        if post.removalCategory != nil || post.selftext == "[removed]" {
            marks.append(Mark(text: "[removed]", colour: .red))
        }
        if saved { marks.append(Mark(text: "[saved]", colour: .green)) }
        if let awards = awards(post.awardCount) { marks.append(awards) }
        return marks
    }

    /// The link flair, in braces; nil without one.
    static func linkFlair(_ post: Link) -> Mark? {
        flair(parts: post.linkFlairParts, text: post.linkFlairText)
    }

    /// The post author's flair, in braces; nil without one.
    static func authorFlair(_ post: Link) -> Mark? {
        flair(parts: post.authorFlairParts, text: post.authorFlairText)
    }

    /// The marks after a comment's author: OP, distinguished, flair, pinned, removed, awards.
    static func comment(_ comment: Comment, isByPostAuthor: Bool) -> [Mark] {
        var marks: [Mark] = []
        if isByPostAuthor { marks.append(Mark(text: "[OP]", colour: .blue)) }
        if let mark = distinguished(comment.distinguished) { marks.append(mark) }
        if let flair = flair(parts: comment.authorFlairParts, text: comment.authorFlairText) { marks.append(flair) }
        if comment.stickied { marks.append(Mark(text: "[pinned]", colour: .green)) }
        if comment.body == "[removed]" { marks.append(Mark(text: "[removed]", colour: .red)) }
        if let awards = awards(comment.awardCount) { marks.append(awards) }
        return marks
    }

    /// `[M]` for a moderator, `[A]` for an admin (as rtv marks them), else the kind in brackets.
    static func distinguished(_ kind: String?) -> Mark? {
        switch kind {
        case "moderator"?: Mark(text: "[M]", colour: .green)
        case "admin"?: Mark(text: "[A]", colour: .red)
        case let other? where !other.isEmpty: Mark(text: "[\(other)]", colour: .magenta)
        default: nil
        }
    }

    private static func awards(_ count: Int) -> Mark? {
        count > 0 ? Mark(text: count == 1 ? "[1 award]" : "[\(count) awards]", colour: .yellow) : nil
    }

    private static func flair(parts: [FlairPart], text: String?) -> Mark? {
        let shown = (parts.isEmpty ? text ?? "" : FlairPart.text(of: parts)).trimmingCharacters(in: .whitespaces)
        return shown.isEmpty ? nil : Mark(text: "{\(shown)}", colour: .cyan)
    }

    /// The marks, coloured, separated by spaces.
    func render(_ marks: [Mark]) -> String {
        marks.map(paint).joined(separator: " ")
    }

    /// A mark in its colour.
    func paint(_ mark: Mark) -> String {
        switch mark.colour {
        case .red: style.red(mark.text)
        case .green: style.green(mark.text)
        case .yellow: style.yellow(mark.text)
        case .blue: style.blue(mark.text)
        case .magenta: style.magenta(mark.text)
        case .cyan: style.cyan(mark.text)
        case .dim: style.dim(mark.text)
        }
    }

    /// `line`, laid out as plain text, with each of `marks` it shows coloured (the first time it
    /// occurs; a mark cut by wrapping stays plain).
    func paint(_ marks: [Mark], in line: String) -> String {
        guard style.isEnabled else { return line }
        var result = line
        for mark in marks {
            if let range = result.range(of: mark.text) { result.replaceSubrange(range, with: paint(mark)) }
        }
        return result
    }
}
