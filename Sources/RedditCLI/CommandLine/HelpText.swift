import Courier

/// Usage lines and help pages of every command.
package enum HelpText {
    /// One entry per command: usage line, one-line summary, details.
    struct Entry {
        let usage: String
        let summary: String
        let details: String
    }

    static let listingDetails = """
          [subreddit]          a subreddit (r/ is optional); the front page when omitted
        """ + "\n" + pagingDetails

    /// The paging options of every listing (`best` takes no subreddit).
    static let pagingDetails = """
          --limit N            posts to fetch, 1-100 (Reddit's default is 25)
          --after FULLNAME     continue after this post (the last line of the previous page says it)
        """

    static let editorDetails = """
          --text TEXT          the text (Markdown); without it $VISUAL or $EDITOR opens a file to write it in
                               (everything above its line of dashes is the text, # headings too; an empty text cancels)
          --wait               if Reddit asks you to wait before posting again, wait (up to 15 minutes)
        """

    static let entries: [(String, Entry)] = [
        (
            "hot",
            Entry(
                usage: "reddit hot [subreddit] [--limit N] [--after FULLNAME]",
                summary: "hot posts (the default command)", details: listingDetails)
        ),
        (
            "new",
            Entry(
                usage: "reddit new [subreddit] [--limit N] [--after FULLNAME]", summary: "newest posts",
                details: listingDetails)
        ),
        (
            "top",
            Entry(
                usage: "reddit top [subreddit] [--time hour|day|week|month|year|all] [--limit N] [--after FULLNAME]",
                summary: "top posts over a time range",
                details: listingDetails + "\n  --time RANGE         hour, day, week, month, year or all")
        ),
        (
            "rising",
            Entry(
                usage: "reddit rising [subreddit] [--limit N] [--after FULLNAME]", summary: "rising posts",
                details: listingDetails)
        ),
        (
            "controversial",
            Entry(
                usage: "reddit controversial [subreddit] [--time RANGE] [--limit N] [--after FULLNAME]",
                summary: "controversial posts",
                details: listingDetails + "\n  --time RANGE         hour, day, week, month, year or all")
        ),
        (
            "best",
            Entry(
                usage: "reddit best [--limit N] [--after FULLNAME]",
                summary: "the front page in Reddit's own order (the front page only: no subreddit)",
                details: pagingDetails)
        ),
        (
            "comments",
            Entry(
                usage: "reddit comments <post id or URL> [--sort SORT] [--depth N] [--limit N]",
                summary: "a post and its comment tree",
                details: """
                      <post>               an id (3hahrw), a fullname (t3_3hahrw) or a reddit.com / redd.it URL
                      --sort SORT          best (or confidence), top, new, controversial, old, qa, random or live
                      --depth N            how many levels of replies to show
                      --limit N            how many comments to fetch
                    """)
        ),
        (
            "user",
            Entry(
                usage:
                    "reddit user <name> [overview|submitted|comments|saved|upvoted|downvoted|hidden] [--limit N] [--after FULLNAME]",
                summary: "a user's posts and comments",
                details: "  saved, upvoted, downvoted and hidden need you to be signed in as that user")
        ),
        (
            "search",
            Entry(
                usage: "reddit search <query> [--subreddit NAME] [--sort SORT] [--time RANGE] [--limit N]",
                summary: "search posts",
                details: """
                      --subreddit NAME     search one subreddit only
                      --sort SORT          relevance, hot, top, new or comments
                    """)
        ),
        ("subreddit", Entry(usage: "reddit subreddit <name>", summary: "a subreddit's about page", details: "")),
        (
            "login",
            Entry(
                usage: "reddit login [--account NAME] [--timeout SECONDS] [--paste]",
                summary: "sign in with your browser",
                details: """
                      Checks that Reddit can be reached, opens the sign-in page in $BROWSER (else prints its URL),
                      waits for Reddit to redirect to 127.0.0.1 and stores the tokens in the account's own file
                      (--account NAME: another account).
                      --timeout SECONDS    give up waiting after this long (default 300: five minutes)
                      --paste              paste the address the browser lands on instead of waiting for it
                                           (the default over SSH, where the browser runs on another machine)
                    """)
        ),
        (
            "accounts",
            Entry(
                usage: "reddit accounts [use NAME]", summary: "the signed-in accounts; use NAME makes one current",
                details: """
                      Lists the accounts with stored tokens; * marks the one commands use.
                      use NAME             make NAME the account every command uses (--account NAME: one command)
                                           (in browse, A switches)
                    """)
        ),
        (
            "outbox",
            Entry(
                usage: "reddit outbox [list | send | drop ID]",
                summary: "writes waiting to be sent (cut off by the network, or made --offline)",
                details: """
                      A write (vote, save, hide, subscribe, reply, edit, message to a user, approve,
                      remove, lock, flair) that cannot reach Reddit, or made with --offline while signed
                      in, waits in the outbox (outbox.json in the configuration folder; outbox-NAME.json
                      for --account NAME). The next command run with the network sends them first, in
                      order; browse counts them in its title bar and O lists them.
                      Without an action, lists the waiting writes, oldest first.
                      send                 send them in order; a reply or message that may have arrived is
                                           looked for first, never sent twice
                      drop ID              forget the write whose id starts with ID
                    """)
        ),
        (
            "logout",
            Entry(usage: "reddit logout [--account NAME]", summary: "revoke and forget the stored tokens", details: "")
        ),
        ("whoami", Entry(usage: "reddit whoami", summary: "the signed-in account", details: "")),
        ("subs", Entry(usage: "reddit subs", summary: "your subscriptions", details: "")),
        (
            "vote",
            Entry(
                usage: "reddit vote up|down|clear <fullname>", summary: "vote on a post (t3_…) or comment (t1_…)",
                details: "")
        ),
        ("save", Entry(usage: "reddit save <fullname>", summary: "save a post or comment", details: "")),
        ("unsave", Entry(usage: "reddit unsave <fullname>", summary: "unsave a post or comment", details: "")),
        ("subscribe", Entry(usage: "reddit subscribe <subreddit>", summary: "subscribe to a subreddit", details: "")),
        (
            "unsubscribe",
            Entry(usage: "reddit unsubscribe <subreddit>", summary: "unsubscribe from a subreddit", details: "")
        ),
        (
            "reply",
            Entry(
                usage: "reddit reply <fullname> [--text TEXT]",
                summary: "reply to a post (t3_…), comment (t1_…) or message (t4_…)", details: editorDetails)
        ),
        (
            "edit",
            Entry(
                usage: "reddit edit <fullname> [--text TEXT]", summary: "replace your post's or comment's text",
                details: editorDetails)
        ),
        ("delete", Entry(usage: "reddit delete <fullname>", summary: "delete your post or comment", details: "")),
        (
            "message",
            Entry(
                usage: "reddit message <user | #subreddit> --subject SUBJECT [--text TEXT]",
                summary: "send a private message (#subreddit: to its moderators)", details: editorDetails)
        ),
        (
            "submit",
            Entry(
                usage:
                    "reddit submit <subreddit> --title TITLE (--url URL | --text TEXT | --image FILE | --crosspost FULLNAME)",
                summary: "submit a post",
                details: """
                      --url URL            a link post
                      --text TEXT          a text post (with none of these options, the text comes from $EDITOR)
                      --image FILE         an image post: uploads a PNG, JPEG, GIF or WebP file
                      --crosspost FULLNAME a crosspost of another post (t3_…)
                      --wait               if Reddit asks you to wait before posting again, wait (up to 15 minutes)
                    """)
        ),
        (
            "inbox",
            Entry(
                usage: "reddit inbox [unread|messages|replies|mentions|sent] [--limit N] [--after FULLNAME]",
                summary: "your messages, comment replies and mentions (* marks unread)", details: "")
        ),
        (
            "read",
            Entry(
                usage: "reddit read <fullname…> | --all", summary: "mark messages read (--all: the whole inbox)",
                details: "")
        ),
        (
            "watch",
            Entry(
                usage: "reddit watch <subreddit> [--comments] [--json]",
                summary: "print a subreddit's new posts (or comments) as they arrive, until Ctrl-C",
                details: """
                      --comments           new comments instead of new posts
                      --json               one JSON object a line: name, author and text (title for posts)
                      Offline, the recorded newest items are printed once (there is nothing new to wait for).
                    """)
        ),
        (
            "live",
            Entry(
                usage: "reddit live <thread id> [--json]",
                summary: "print a live thread's updates as they arrive, until the thread is closed or Ctrl-C",
                details: """
                      --json               one JSON object a line: type (update, strike, delete, viewers,
                                           complete), and name, author and text for an update
                      Needs the network: live threads are not recorded offline.
                    """)
        ),
        (
            "sync",
            Entry(
                usage: "reddit sync [--subreddits NAME,NAME…] [--threads N] | reddit sync --clear",
                summary: "fetch your subreddits and their top threads for reading offline (reddit --offline)",
                details: """
                      Fetches each subreddit's front page (hot) and the comments of its top N threads, within
                      Reddit's rate limit, into the data folder ($XDG_DATA_HOME/reddit/synced, one file an
                      account). reddit --offline then shows them instead of the demo, marked with when they were
                      fetched. A sync cut off (network, Ctrl-C) keeps the previous one whole.
                      --subreddits LIST    these subreddits (comma-separated) instead of your subscriptions;
                                           needed when you are not signed in (reddit login)
                      --threads N          threads a subreddit fetched with comments, 1-100 (default 10)
                      --clear              forget what was synced: reddit --offline shows the demo again
                    """)
        ),
        (
            "mod",
            Entry(
                usage: "reddit mod queue|log|approve|remove …",
                summary: "moderate: a subreddit's queues and log, approve and remove posts and comments",
                details: """
                      reddit mod queue <subreddit> [modqueue|reports|spam|edited|unmoderated] [--only links|comments]
                                       [--limit N] [--after FULLNAME]
                                           one item a line: fullname, post or comment, age, author, subreddit, text
                                           (subreddit mod: every subreddit you moderate; the queue is modqueue
                                           when omitted)
                      reddit mod log <subreddit> [--type ACTION] [--mod NAME] [--limit N] [--after ModAction_ID]
                                           the moderation log; ACTION as Reddit names it (removelink, approvecomment,
                                           banuser, wikirevise, …)
                      reddit mod approve <fullname>
                      reddit mod remove <fullname> [--spam] [--reason REASON_ID]
                                           --spam trains the spam filter; --reason records a removal reason's id
                                           (a second request, as PRAW sends it)
                      Needs a login with the moderator scopes (reddit login again if yours is older than these).
                    """)
        ),
        (
            "modmail",
            Entry(
                usage: "reddit modmail [subreddit…] [--unread] | reddit modmail reply <id> [--text TEXT] [--internal]",
                summary: "new modmail: list conversations, answer one",
                details: """
                      [subreddit…]         the subreddits' conversations (all you moderate when omitted)
                      --unread             only unread conversations (* marks them)
                      reply <id>           answer the conversation with this id (the list shows it)
                      --text TEXT          the answer (Markdown); without it $VISUAL or $EDITOR opens to write it
                      --internal           a private note only moderators see
                    """)
        ),
        (
            "wiki",
            Entry(
                usage: "reddit wiki <subreddit> <page> [--edit [--reason TEXT]]",
                summary: "a subreddit's wiki page; --edit changes it in $VISUAL or $EDITOR",
                details: """
                      --edit               opens the page's Markdown in the editor and sends what you saved, based on
                                           the revision read (Reddit refuses it if someone changed the page meanwhile);
                                           unchanged text sends nothing
                      --reason TEXT        the reason the page's history shows
                    """)
        ),
        (
            "flair",
            Entry(
                usage: "reddit flair <subreddit> <user> <text>",
                summary: "set a user's flair text in a subreddit you moderate",
                details: "  <text>               the flair text; \"\" clears it")
        ),
        (
            "browse",
            Entry(
                usage: "reddit browse [subreddit] [--sort SORT] [--time RANGE] [--post ID]",
                summary: "full-screen interactive browser",
                details: """
                      --post ID            open this post's comments first
                      Keys (? shows them all): ↑/↓ or j/k move and scroll, Enter/Space open or fold,
                      o open the link (media: your mailcap's programs), v picture, A switch account, y copy the permalink, m more comments, u/d vote, s save, / search,
                      r subreddit, 1-5 sort, t time range, R refresh, q back (asks on the first list), Q quit.
                      rtv's keys too: l/h open/back, J/K next sibling/parent comment, S comment order,
                      U the author's posts, H hide, e edit, X delete, m (inbox) mark read; r also takes
                      u/name, a+b, /m/multi, /user/X/m/multi, /comments/ID, a reddit.com URL, saved, subs.
                      Marks: {flair}, [OP] [M] moderator [A] admin [pinned] [nsfw] [spoiler] [OC] [locked]
                      [archived] [removed] [saved] [N awards].
                      Moderators: M (or 'mod' at the r prompt) opens the mod queue, reports, unmoderated,
                      modmail and mod log; there a approves, R removes with a removal reason, S marks spam,
                      L locks, D distinguishes, r replies to modmail (offline: says what it would send).
                    """)
        ),
        (
            "help",
            Entry(
                usage: "reddit help [command | offline]", summary: "show help (offline: what the recording holds)",
                details: "")
        ),
    ]

    /// The help topic that lists what `--offline` can show (`reddit help offline`).
    package static let offlineTopic = "offline"

    /// The program's version (`reddit --version`; the default user agent names it too), from
    /// ``CourierVersion``.
    package static let version = CourierVersion.current

    /// `text` with a final newline, so that a shell prompt after it starts on its own line.
    package static func endingWithNewline(_ text: String) -> String {
        text.hasSuffix("\n") ? text : text + "\n"
    }

    /// Every command name.
    package static let commandNames: Set<String> = Set(entries.map(\.0))

    static let globalOptions = """
        Options for every command:
          --offline            no network: what reddit sync fetched, else the recorded demo shipped with reddit
          --json               print the decoded data as JSON
          --no-color           never colour the output (NO_COLOR=1 does the same)
          --theme NAME|FILE    colours: default, monochrome, light (for light backgrounds), or a JSON
                               file of role to SGR code such as {"yellow": "1;35"} (or "theme" in the config)
          --ascii              draw the interface's marks in ASCII, for terminals without Unicode
          --client-id ID       your Reddit app's client id (or REDDIT_CLIENT_ID, or the config file)
          --user-agent UA      User-Agent to send (or REDDIT_USER_AGENT, or the config file)
          --config PATH        config file (default: $XDG_CONFIG_HOME/reddit/config.json)
          --wait               writes: wait out Reddit's "wait N minutes" (up to 15 minutes)
          --shared REDIS       share Reddit's rate limit with other reddit commands and bots through
                               a Redis (redis://host:port): two terminals spend one budget
          --account NAME       sign in as this account (reddit accounts lists them) instead of the current one
          --site NAME          use the app, account and User-Agent of [NAME] in PRAW's praw.ini
                               (read where PRAW reads it; praw_* environment variables first)
          -v, --verbose        on failure, print the whole chain of errors behind the message
          -h, --help           help for a command
        """

    /// The general help page.
    package static var general: String {
        let width = entries.map(\.0.count).max() ?? 0
        let lines = entries.map { name, entry in
            "  " + name + String(repeating: " ", count: width - name.count + 2) + entry.summary
        }
        return """
            reddit: a terminal Reddit client

            Usage: reddit [command] [options]     (no command: the front page)

            Commands:
            \(lines.joined(separator: "\n"))

            \(globalOptions)

            Try it without an account or network: reddit --offline
            (reddit help offline lists what the recording holds)
            """
    }

    /// The help page of `command`.
    package static func page(for command: String) -> String {
        guard let entry = entries.first(where: { $0.0 == command })?.1 else { return general }
        var text = "Usage: \(entry.usage)\n\n\(entry.summary.prefix(1).uppercased() + entry.summary.dropFirst()).\n"
        if !entry.details.isEmpty { text += "\n" + entry.details + "\n" }
        return text + "\n" + globalOptions
    }

    /// The short usage shown after a usage error.
    package static func usage(for command: String?) -> String {
        if let command, let entry = entries.first(where: { $0.0 == command })?.1 {
            return "Usage: \(entry.usage)   (more: reddit \(command) --help)"
        }
        return "Usage: reddit [command] [options]   (commands: reddit --help)"
    }
}
