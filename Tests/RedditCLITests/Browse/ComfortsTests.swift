import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// rtv's comforts as units: themes, key bindings, the link picker, the pager's text, the inbox's
/// views and `--ascii`.
@Suite struct ComfortsTests {
    @Test func themesChangeWhatEachRoleWrites() throws {
        var style = TextStyle(isEnabled: true)
        #expect(style.yellow("x") == "\u{1B}[33mx\u{1B}[0m")
        style.theme = try Theme.named("monochrome")
        #expect(style.yellow("x") == "\u{1B}[1mx\u{1B}[0m", "the selection in bold")
        #expect(style.cyan("r/x") == "r/x", "no colour at all")
        style.theme = try Theme.named("light")
        #expect(style.yellow("x") == "\u{1B}[1;35mx\u{1B}[0m")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("theme-\(UUID().uuidString).json")
        try Data(#"{"yellow": "4;31", "dim": ""}"#.utf8).write(to: file)
        style.theme = try Theme.named(file.path)
        #expect(style.yellow("x") == "\u{1B}[4;31mx\u{1B}[0m")
        #expect(style.dim("x") == "x")
        #expect(style.blue("x") == "\u{1B}[34mx\u{1B}[0m", "a role left out keeps its default")
        try Data(#"{"yelow": "1"}"#.utf8).write(to: file)
        #expect(throws: CLIError.self) { try Theme.named(file.path) }
        #expect(throws: CLIError.self) { try Theme.named("solarized") }
    }

    @Test func keyBindingsMapAKeyToTheBrowsersOwn() throws {
        let keys = try KeyBindings(["w": "k", "s": "j", "Tab": "Enter"])
        #expect(keys.resolve(.character("w")) == .character("k"))
        #expect(keys.resolve(.tab) == .enter)
        #expect(keys.resolve(.character("x")) == .character("x"))
        #expect(throws: CLIError.self) { try KeyBindings(["w": "Upp"]) }
    }

    @Test func lListsEveryLinkOfTheTextAndOpensThePickedOne() async throws {
        var state = try await OfflineBrowse.frontPage()
        let links = (1...12).map { "[link \($0)](https://example.com/\($0))" }.joined(separator: " ")
        let json = #"""
            {"kind":"Listing","data":{"after":null,"children":[
             {"kind":"t4","data":{"id":"a1","author":"bob","subject":"links","body":"\#(links) and https://example.org/bare.","new":false}}]}}
            """#
        state.didLoadInbox(try JSONDecoder().decode(Listing.self, from: Data(json.utf8)), isNextPage: false)
        _ = state.handle(.enter)
        #expect(state.handle(.character("L")) == nil)
        #expect(state.linkChoices?.count == 13, "twelve links and the bare address")
        #expect(state.linkChoices?.last == "https://example.org/bare")
        for _ in 0..<10 { _ = state.handle(.character("j")) }
        #expect(state.handle(.enter) == .open("https://example.com/11"), "beyond the nine numbers")
        #expect(state.linkChoices == nil)
        _ = state.handle(.character("L"))
        let screen = BrowseScreen(style: TextStyle(isEnabled: false), columns: 80, rows: 24, now: Date())
        #expect(screen.lines(for: state).contains { $0.hasPrefix(">   1  https://example.com/1") })
        #expect(state.handle(.escape) == nil && state.linkChoices == nil, "any other key closes")
    }

    @Test func thePagerGetsTheSelectedItemAsPlainText() async throws {
        var state = try await OfflineBrowse.threadState()
        let comment = try #require(BrowseSession.pagerText(of: state, width: 60))
        #expect(comment.hasPrefix("johnnwho · "), "\(comment)")
        #expect(!comment.contains("\u{1B}["), "plain text")
        _ = state.handle(.character("k"))
        let post = try #require(BrowseSession.pagerText(of: state, width: 60))
        #expect(post.hasPrefix("Ba Dum Tsss\n"))
    }

    @Test func tabShowsTheInboxsNextView() async throws {
        var state = try await OfflineBrowse.frontPage()
        #expect(state.handle(.character("i")) == .inbox(.all, after: nil))
        state.didLoadInbox(Listing(children: [], after: nil), isNextPage: false, section: .all)
        #expect(state.handle(.tab) == .inbox(.unread, after: nil))
        state.didLoadInbox(Listing(children: [], after: nil), isNextPage: false, section: .messages)
        #expect(state.handle(.tab) == .inbox(.replies, after: nil))
        let screen = BrowseScreen(style: TextStyle(isEnabled: false), columns: 100, rows: 10, now: Date())
        #expect(screen.lines(for: state)[0].contains("inbox · all unread [messages] replies mentions sent"))
        #expect(state.stack.count == 2, "a view replaces the one shown")
    }

    @Test func asciiDrawsTheMarksInOneColumnEach() {
        var style = TextStyle(isEnabled: false)
        style.isASCII = true
        #expect(style.ascii("▲ 12 · r/x │ cut…") == "^ 12 - r/x | cut~")
        style.isASCII = false
        #expect(style.ascii("▲") == "▲")
    }
}
