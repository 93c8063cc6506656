/// The `?` screen: every key of the browser, laid out for the window's width (keys in a column,
/// their meaning wrapped at word boundaries beside them; on a narrow window, below them) and
/// paged when it is taller than the window.
enum KeyHelp {
    /// The keys and what they do, in the order shown.
    static let entries: [(keys: String, text: String)] = [
        ("↑↓ jk", "move (a tall item scrolls by lines)"),
        ("PgUp PgDn", "a page up or down;  g G  the first or last item"),
        ("Enter → l", "open a post; fold or unfold a comment thread"),
        ("q Esc ← h", "back (q on the first list asks first);  Q Ctrl-C quit;  Ctrl-Z suspends (fg resumes)"),
        ("J K", "the next comment at this level / the parent comment"),
        ("S", "the comments' order: best, top, new, controversial, old, Q&A"),
        ("o", "open the link or media ($BROWSER, xdg-open; pictures and videos with your mailcap)"),
        ("1-9", "in a thread: open link N of the selected text;  L  lists every link of it to pick from"),
        ("P", "read the selected post, comment or message in $PAGER (else less)"),
        ("x", "show or hide spoilers"),
        ("y", "copy the permalink (OSC 52, works over SSH)"),
        ("u d", "upvote / downvote (again clears); ▲ or ▼ beside the score marks your vote"),
        ("s", "save or unsave"),
        ("m", "load more comments"),
        ("/", "search posts (inside a subreddit: in it)"),
        (
            "r",
            "go to: a subreddit, a+b, u/name (u/name/upvoted …), /m/multi, /user/X/m/multi, domain/NAME, "
                + "/comments/ID, a reddit.com URL, saved, subs (empty or 'front': the front page)"
        ),
        ("1-5", "on a list: sort by hot, new, rising, top, controversial"),
        ("t", "the time range of top or controversial"),
        ("R", "refresh"),
        ("n", "the next page"),
        ("U", "the selected author's posts"),
        ("H", "hide the post"),
        ("c", "reply to the selected post, comment or message"),
        ("e X", "edit / delete your own post or comment (X asks first)"),
        ("C", "compose a message"),
        ("p", "submit a post"),
        (
            "i",
            "the inbox (Enter reads, m marks read); Tab shows its next view: all, unread, messages, replies, mentions, sent"
        ),
        ("", "texts are written in $VISUAL or $EDITOR; an empty text cancels"),
        ("A", "switch account (reddit login --account NAME adds one)"),
        ("O", "the outbox: writes queued while Reddit could not be reached (the title bar counts them)"),
        ("v", "show the post's picture in the terminal (chafa; online; any key goes back)"),
        (
            "M",
            "moderator menu: mod queue, reports, unmoderated, modmail, mod log ('mod' at r too; s in the menu: "
                + "another subreddit). In a queue: a approve, R remove with a reason, S spam, L lock, "
                + "D distinguish, Enter the thread. In modmail: r replies (editor)"
        ),
        (
            "marks",
            "{flair} [OP] the post's author, [M] moderator, [A] admin, [pinned] [nsfw] [spoiler] [OC] "
                + "[locked] [archived] [removed] [saved] [N awards]"
        ),
    ]

    /// The width of the keys' column.
    static let keyColumn = 10

    /// Below this width the keys go on a line of their own, the meaning under them.
    static let narrowBelow = 50

    /// The help's lines for a window `columns` wide, none wider.
    static func lines(columns: Int) -> [String] {
        var lines: [String] = []
        if columns < narrowBelow {
            for entry in entries {
                if !entry.keys.isEmpty { lines.append(TextLayout.truncate(" " + entry.keys, to: columns)) }
                lines += TextLayout.wrap(entry.text, to: columns - 3).map { "   " + $0 }
            }
            return lines
        }
        let textWidth = columns - keyColumn - 2
        for entry in entries {
            let wrapped = TextLayout.wrap(entry.text, to: textWidth)
            for (index, line) in wrapped.enumerated() {
                let keys = index == 0 ? entry.keys : ""
                lines.append("  " + TextLayout.padRight(keys, to: keyColumn) + line)
            }
        }
        return lines
    }

    /// The bottom line's hint on a screen: `items` (most useful first) joined while they fit in
    /// `columns`, always ending with how to get the help.
    static func footer(_ items: [String], columns: Int) -> String {
        let help = "? help"
        var shown: [String] = []
        for item in items {
            let candidate = (shown + [item, help]).joined(separator: " · ")
            guard TextLayout.width(candidate) <= columns else { break }
            shown.append(item)
        }
        return TextLayout.truncate((shown + [help]).joined(separator: " · "), to: columns)
    }
}
