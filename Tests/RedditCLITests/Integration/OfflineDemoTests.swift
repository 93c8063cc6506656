import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// The offline demo has no dead ends: what a listing shows opens, names match as Reddit
/// matches them, printed hints and the README's examples work as written.
@Suite struct OfflineDemoTests {
    @Test func everyPostOfEveryOfflineListingOpens() async throws {
        let service = try OfflineBrowse.service()
        let catalog = try OfflineBrowse.transport.get().offline.catalog
        #expect(catalog.listedPosts.count > 100)
        for id in catalog.listedPosts.keys.sorted() {
            let tree = try await service.commentTree(CommentsOptions(postID: id))
            #expect(tree.link.id == id)
        }
    }

    /// The first screen leads to threads: every post of the offline front page opens onto its
    /// recorded comment page, and most of them show comments.
    @Test func everyFrontPagePostOpensOntoItsRecordedComments() async throws {
        let service = try OfflineBrowse.service()
        let front = try await service.listing(ListingOptions())
        #expect(front.links.count == 12)
        var withComments: [String] = []
        for post in front.links {
            let tree = try await service.commentTree(CommentsOptions(postID: post.id))
            #expect(tree.link.id == post.id)
            let shown = tree.rows.filter {
                if case .comment = $0.content { return true }
                return false
            }
            #expect(
                !tree.rows.contains {
                    if case .loadMore(let more) = $0.content { return more.id == OfflineCatalog.unrecordedMarker }
                    return false
                }, "post \(post.id) opens onto its recorded comments, not onto the not-recorded stub")
            if !shown.isEmpty { withComments.append(post.id) }
        }
        #expect(withComments.count == 12, "every recorded thread shows comments: \(withComments)")
        #expect(!front.links.contains { $0.subreddit.lowercased() == "test_subreddit" }, "test posts are elsewhere")
        #expect(withComments.count * 2 > front.links.count, "most front-page posts show comments")
    }

    /// The recordings' placeholders (`<TEST_SUBREDDIT>`, `<USERNAME>`) are shown as names.
    @Test func placeholdersAreShownAsNamesNotMarkup() async throws {
        for arguments in [["--offline"], ["--offline", "comments", "4b1tfm"], ["--offline", "comments", "98vj9e"]] {
            let run = try await BuiltExecutable.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(!run.stdout.contains("<TEST_SUBREDDIT>") && !run.stdout.contains("<USERNAME>"), "\(arguments)")
        }
        let thread = try await BuiltExecutable.run(["--offline", "comments", "4b1tfm"])
        #expect(thread.stdout.contains("r/TEST_SUBREDDIT"))
    }

    @Test func aPostWithoutRecordedCommentsOpensAndSaysSo() async throws {
        let run = try await BuiltExecutable.run(["--offline", "comments", "46c00m"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.contains("r/AskReddit · u/"))
        #expect(run.stdout.contains("comments (not recorded for offline use)\n"))
    }

    @Test func aRecordedPostOpensInAnySort() async throws {
        let run = try await BuiltExecutable.run(["--offline", "comments", "3hahrw", "--sort", "top"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.hasPrefix("Ba Dum Tsss\n"))
    }

    @Test func aSearchThatWasNotRecordedLooksThroughTheRecordedPosts() async throws {
        let run = try await BuiltExecutable.run(["--offline", "search", "good", "bot", "citizen"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 2)
        #expect(run.stdout.contains("Please be a good 'bot' citizen"))
        let none = try await BuiltExecutable.run(["--offline", "search", "qqxj"])
        #expect(none.status == 3)
        #expect(none.stderr.split(separator: "\n").count == 1)
    }

    @Test func newAndTopReSortARecordedListing() async throws {
        // Reddit's front page as recorded (new: 25 of 200, and a hint), the recorded threads by
        // score (top of the day was not recorded: 12, no next page); a subreddit's 25 and a hint.
        for (arguments, lines) in [
            (["new"], 27), (["top"], 13), (["new", "AskReddit"], 27), (["top", "askreddit", "--time", "week"], 27),
        ] {
            let run = try await BuiltExecutable.run(["--offline"] + arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdout.split(separator: "\n").count == lines, "\(arguments)")
        }
        let next = try await BuiltExecutable.run(["--offline", "new", "--limit", "2"])
        let hint = try #require(next.stdout.split(separator: "\n").last.map(String.init))
        let after = try await BuiltExecutable.run(
            hint.dropFirst("more: reddit ".count).split(separator: " ").map(String.init))
        #expect(after.status == 0, "\(hint): \(after.stderr)")
    }

    @Test func subredditNamesAreCaseInsensitive() async throws {
        for name in ["AskReddit", "r/ASKREDDIT", "askreddit"] {
            let run = try await BuiltExecutable.run(["--offline", "hot", name, "--limit", "1"])
            #expect(run.status == 0, "\(name): \(run.stderr)")
            // Inside one subreddit its column is left out: the posts are AskReddit's.
            #expect(run.stdout.contains("THE ASKREDDIT MOBILE DESIGN"), "\(name): \(run.stdout)")
            #expect(!run.stdout.contains("SUBREDDIT"))
        }
    }

    @Test func theNextPageHintWorksWhenCopied() async throws {
        let first = try await BuiltExecutable.run(["--offline", "hot", "askreddit", "--limit", "3"])
        let hint = try #require(first.stdout.split(separator: "\n").last.map(String.init))
        #expect(hint.hasPrefix("more: reddit --offline "))
        let arguments = hint.dropFirst("more: reddit ".count).split(separator: " ").map(String.init)
        let next = try await BuiltExecutable.run(arguments)
        #expect(next.status == 0, "\(hint): \(next.stderr)")
        #expect(next.stdout.split(separator: "\n").count == 5)
        #expect(first.stdout.split(separator: "\n")[1] != next.stdout.split(separator: "\n")[1])
    }

    /// Every `swift run reddit --offline …` line of the README and of the client's own page
    /// (Docs/reddit.md), run as written (except `browse`, which BrowseTerminalTests drives in tmux).
    @Test func everyOfflineExampleOfTheReadmeWorks() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var examplesPerPage: [String: Int] = [:]
        var examples: [[String]] = []
        for page in ["README.md", "Docs/reddit.md"] {
            let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            let found = Self.offlineExamples(in: text)
            examplesPerPage[page] = found.count
            examples += found
        }
        // The README opens with `swift run reddit --offline`; the client's page shows more.
        #expect(examplesPerPage["README.md", default: 0] >= 1)
        #expect(examplesPerPage["Docs/reddit.md", default: 0] >= 2)
        for arguments in examples {
            let run = try await BuiltExecutable.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(!run.stdout.isEmpty)
        }
    }

    /// The arguments of every `swift run reddit … --offline …` line of `text` but `browse`.
    private static func offlineExamples(in text: String) -> [[String]] {
        text.split(separator: "\n").compactMap { line -> [String]? in
            let command = line.split(separator: "#").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard command.hasPrefix("swift run reddit "), command.contains("--offline"), !command.contains(" browse")
            else { return nil }
            return command.dropFirst("swift run reddit ".count).split(separator: " ").map(String.init)
        }
    }

    /// Every command `reddit help offline` lists works offline as printed.
    @Test func everyCommandTheOfflineHelpListsWorks() async throws {
        let help = try await BuiltExecutable.run(["help", "offline"])
        let commands = help.stdout.split(separator: "\n").compactMap { line -> [String]? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("reddit ") else { return nil }
            // Drop the title after a post id, then split as a shell would on quotes.
            let command = trimmed.components(separatedBy: "   ").first ?? trimmed
            return Self.shellWords(String(command.dropFirst("reddit ".count)))
        }
        #expect(commands.count >= 15)
        for arguments in commands {
            let run = try await BuiltExecutable.run(["--offline"] + arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
    }

    private static func shellWords(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == " " {
                if !word.isEmpty {
                    words.append(word)
                    word = ""
                }
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}
