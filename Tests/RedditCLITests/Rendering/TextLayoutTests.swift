import Foundation
import Testing

@testable import RedditCLI

@Suite struct TextLayoutTests {
    @Test func wideCharactersTakeTwoColumns() {
        #expect(TextLayout.width("abc") == 3)
        #expect(TextLayout.width("日本") == 4)
        #expect(TextLayout.width("😀") == 2)
    }

    @Test func truncationEndsInAnEllipsisAndFits() {
        #expect(TextLayout.truncate("hello world", to: 8) == "hello w…")
        #expect(TextLayout.truncate("short", to: 8) == "short")
        #expect(TextLayout.width(TextLayout.truncate("日本語のタイトル", to: 7)) <= 7)
    }

    @Test func wrapBreaksAtSpacesAndKeepsParagraphs() {
        #expect(TextLayout.wrap("one two three four", to: 9) == ["one two", "three", "four"])
        #expect(TextLayout.wrap("a\n\nb", to: 10) == ["a", "", "b"])
        #expect(
            TextLayout.wrap("https://example.com/a/very/long/path", to: 10).allSatisfy { TextLayout.width($0) <= 10 })
    }

    @Test func compactNumbers() {
        #expect(TextLayout.compact(999) == "999")
        #expect(TextLayout.compact(6710) == "6.7k")
        #expect(TextLayout.compact(5000) == "5k")
        #expect(TextLayout.compact(45_321) == "45k")
        #expect(TextLayout.compact(1_520_000) == "1.5M")
        #expect(TextLayout.compact(-2) == "-2")
    }

    @Test func ages() {
        let now = Date(timeIntervalSince1970: 1_000_000_000)
        #expect(TextLayout.age(of: now.addingTimeInterval(-30), now: now) == "now")
        #expect(TextLayout.age(of: now.addingTimeInterval(-300), now: now) == "5m")
        #expect(TextLayout.age(of: now.addingTimeInterval(-3 * 3600), now: now) == "3h")
        #expect(TextLayout.age(of: now.addingTimeInterval(-2 * 86400), now: now) == "2d")
        #expect(TextLayout.age(of: now.addingTimeInterval(-90 * 86400), now: now) == "3mo")
        #expect(TextLayout.age(of: now.addingTimeInterval(-800 * 86400), now: now) == "2y")
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() {
        #expect(TextStyle.decide(isTerminal: true, environment: [:], noColorFlag: false).isEnabled)
        #expect(!TextStyle.decide(isTerminal: false, environment: [:], noColorFlag: false).isEnabled)
        #expect(!TextStyle.decide(isTerminal: true, environment: ["NO_COLOR": "1"], noColorFlag: false).isEnabled)
        #expect(TextStyle.decide(isTerminal: true, environment: ["NO_COLOR": ""], noColorFlag: false).isEnabled)
        #expect(!TextStyle.decide(isTerminal: true, environment: [:], noColorFlag: true).isEnabled)
        #expect(TextStyle(isEnabled: false).bold("x") == "x")
        #expect(TextStyle(isEnabled: true).bold("x") == "\u{1B}[1mx\u{1B}[0m")
    }
}
