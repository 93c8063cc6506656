import RedditAPI
import Testing

@testable import RedditCLI

@Suite struct CommandParserTests {
    private func parse(_ line: String) throws(UsageError) -> Invocation {
        try CommandParser.parse(line.split(separator: " ").map(String.init))
    }

    private func command(_ line: String) throws -> Command { try parse(line).command }

    private func usageError(_ line: String) -> UsageError? {
        do {
            _ = try parse(line)
            return nil
        } catch {
            return error
        }
    }

    @Test func noArgumentsIsTheFrontPage() throws {
        #expect(try CommandParser.parse([]).command == .listing(ListingOptions()))
        let offline = try parse("--offline")
        #expect(offline.command == .listing(ListingOptions()))
        #expect(offline.options.offline)
    }

    @Test func listingsTakeSubredditTimeLimitAndAfter() throws {
        #expect(try command("hot") == .listing(ListingOptions(sort: .hot)))
        #expect(try command("new r/askreddit") == .listing(ListingOptions(sort: .new, subreddit: "askreddit")))
        #expect(
            try command("rising pics --limit 5")
                == .listing(ListingOptions(sort: .rising, subreddit: "pics", page: PageOptions(limit: 5))))
        #expect(
            try command("top askreddit --time all --after t3_48dxvx")
                == .listing(
                    ListingOptions(
                        sort: .top, subreddit: "askreddit", time: .all, page: PageOptions(after: "t3_48dxvx")
                    )))
        #expect(try command("controversial --time=week") == .listing(ListingOptions(sort: .controversial, time: .week)))
        #expect(try command("--limit 10") == .listing(ListingOptions(page: PageOptions(limit: 10))))
    }

    @Test func commentsAcceptIDsFullnamesAndURLs() throws {
        #expect(try command("comments 3hahrw") == .comments(CommentsOptions(postID: "3hahrw")))
        #expect(
            try command("comments t3_3hahrw --sort new --depth 2 --limit 50")
                == .comments(CommentsOptions(postID: "3hahrw", sort: .new, depth: 2, limit: 50)))
        #expect(
            try command("comments https://www.reddit.com/r/funny/comments/3hahrw/ba_dum_tsss/")
                == .comments(CommentsOptions(postID: "3hahrw")))
        #expect(try command("comments https://redd.it/3hahrw") == .comments(CommentsOptions(postID: "3hahrw")))
    }

    @Test func userSearchSubredditAndAccountCommands() throws {
        #expect(try command("user spez") == .user(name: "spez", section: .overview, page: PageOptions()))
        #expect(
            try command("user u/spez submitted --limit 3")
                == .user(name: "spez", section: .submitted, page: PageOptions(limit: 3)))
        #expect(
            try command("search praw oauth search --subreddit r/all")
                == .search(SearchOptions(query: "praw oauth search", subreddit: "all")))
        #expect(
            try command("search cats --sort top --time year")
                == .search(SearchOptions(query: "cats", sort: .top, time: .year)))
        #expect(try command("subreddit r/announcements") == .subreddit(name: "announcements"))
        #expect(try command("login") == .login(timeout: 300, paste: false))
        #expect(try command("login --timeout 5") == .login(timeout: 5, paste: false))
        #expect(try command("login --paste") == .login(timeout: 300, paste: true))
        #expect(try command("accounts") == .accounts(use: nil))
        #expect(try command("accounts use alice") == .accounts(use: "alice"))
        #expect(try command("logout") == .logout)
        #expect(try command("whoami") == .whoami)
        #expect(try command("subs") == .subs)
    }

    @Test func actions() throws {
        #expect(try command("vote up t3_4b536p") == .vote(.up, fullname: "t3_4b536p"))
        #expect(try command("vote down t1_cu5tead") == .vote(.down, fullname: "t1_cu5tead"))
        #expect(try command("vote clear t3_4b536p") == .vote(.clear, fullname: "t3_4b536p"))
        #expect(try command("save t3_4b536p") == .save(true, fullname: "t3_4b536p"))
        #expect(try command("unsave t3_4b536p") == .save(false, fullname: "t3_4b536p"))
        #expect(try command("subscribe r/swift") == .subscribe(true, subreddit: "swift"))
        #expect(try command("unsubscribe swift") == .subscribe(false, subreddit: "swift"))
    }

    @Test func browseTakesAListingAndAPost() throws {
        #expect(try command("browse") == .browse(BrowseOptions()))
        #expect(
            try command("browse askreddit --sort top --time all --post 3hahrw")
                == .browse(
                    BrowseOptions(
                        listing: ListingOptions(sort: .top, subreddit: "askreddit", time: .all), postID: "3hahrw"
                    )))
    }

    @Test func globalOptionsGoAnywhere() throws {
        let invocation = try parse(
            "hot --json askreddit --no-color --client-id abc --user-agent linux:x:1 --config /tmp/c.json")
        #expect(invocation.command == .listing(ListingOptions(subreddit: "askreddit")))
        #expect(invocation.options.json && invocation.options.noColor)
        #expect(invocation.options.clientID == "abc")
        #expect(invocation.options.userAgent == "linux:x:1")
        #expect(invocation.options.configPath == "/tmp/c.json")
        #expect(try parse("whoami --account alice").options.account == "alice")
    }

    @Test func helpForEveryCommand() throws {
        #expect(try command("--help") == .help(nil))
        #expect(try command("help") == .help(nil))
        for name in HelpText.commandNames {
            #expect(try command("\(name) --help") == .help(name))
            #expect(HelpText.page(for: name).contains("Usage: reddit \(name)"))
        }
        #expect(try command("help comments") == .help("comments"))
    }

    @Test func badInputIsAUsageErrorNamingTheProblem() {
        let cases: [(String, String, String?)] = [
            (
                "frontpage",
                "unknown command 'frontpage'; for the subreddit r/frontpage: reddit hot frontpage; reddit help lists the commands",
                nil
            ),
            (
                "r/askreddit",
                "unknown command 'r/askreddit'; for a subreddit: reddit hot askreddit (or reddit browse askreddit)", nil
            ),
            ("hot --offlne", "unknown option '--offlne'; did you mean '--offline'?", "hot"),
            ("hot --bogus", "unknown option '--bogus'", "hot"),
            ("hot askreddit extra", "unexpected argument 'extra'", "hot"),
            ("hot --time all", "--time works with top and controversial only", "hot"),
            ("top --time forever", "--time must be one of: hour, day, week, month, year, all (got 'forever')", "top"),
            ("hot --limit 0", "--limit must be a whole number from 1 to 100 (got '0')", "hot"),
            ("hot --limit lots", "--limit must be a whole number from 1 to 100 (got 'lots')", "hot"),
            ("hot --after 48dxvx", "--after takes a fullname such as t3_48dxvx (got '48dxvx')", "hot"),
            ("hot --limit", "--limit needs a value", "hot"),
            ("comments", "missing post", "comments"),
            (
                "comments https://example.com/x", "'https://example.com/x' is not a post id or a Reddit post URL",
                "comments"
            ),
            (
                "comments 3hahrw --sort worst",
                "--sort must be one of: best, confidence, top, new, controversial, old, qa, random, live (got 'worst')",
                "comments"
            ),
            ("comments 3hahrw --depth 0", "--depth must be a whole number from 1 to 10000 (got '0')", "comments"),
            ("user", "missing user name", "user"),
            (
                "user spez likes",
                "section must be one of: overview, submitted, comments, saved, upvoted, downvoted, hidden (got 'likes')",
                "user"
            ),
            ("search", "missing search query", "search"),
            ("subreddit", "missing subreddit", "subreddit"),
            ("vote", "missing direction (up, down or clear)", "vote"),
            ("vote sideways t3_x", "direction must be one of: up, down, clear (got 'sideways')", "vote"),
            ("vote up", "missing fullname (for example t3_48dxvx or t1_cu5tt8h)", "vote"),
            ("save 4b536p", "'4b536p' is not a fullname: use t3_<id> for a post or t1_<id> for a comment", "save"),
            ("subscribe", "missing subreddit", "subscribe"),
            ("whoami now", "unexpected argument 'now'", "whoami"),
            ("help nothing", "unknown command 'nothing'", nil),
            ("hot --client-id", "--client-id needs a value", nil),
            ("whoami --account ../x", "'../x' cannot name an account: use 1 to 40 letters, digits, _ or -", nil),
            ("accounts switch bob", "unknown action 'switch': use 'reddit accounts use NAME'", "accounts"),
            ("accounts use", "missing account name", "accounts"),
            ("login --timeout 0", "--timeout must be a whole number from 1 to 86400 (got '0')", "login"),
        ]
        for (line, message, command) in cases {
            let error = usageError(line)
            #expect(error == UsageError(message: message, command: command), "\(line)")
        }
    }

    @Test func usageNamesTheCommand() {
        #expect(HelpText.usage(for: "vote").hasPrefix("Usage: reddit vote up|down|clear <fullname>"))
        #expect(HelpText.usage(for: nil).contains("reddit --help"))
    }
}
