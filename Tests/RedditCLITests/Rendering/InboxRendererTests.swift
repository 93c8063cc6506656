import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// The inbox as `reddit inbox` prints it, from a recorded inbox page (RedditAPITests' fixture).
@Suite struct InboxRendererTests {
    private static func recordedInbox() throws -> Listing {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "RedditAPITests/Fixtures/inbox/inbox_mixed_t1_t4_2025.json")
        return try JSONDecoder().decode(Listing.self, from: Data(contentsOf: file))
    }

    @Test func oneLinePerMessageThenTheNextPage() throws {
        let listing = try Self.recordedInbox()
        let text = InboxRenderer(style: TextStyle(isEnabled: false), now: Date()).render(
            listing, nextPageCommand: "reddit inbox all")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == listing.children.count + 1)
        #expect(lines[0].contains("t4_30s40u5  u/Lil_SpazJoekp  "), "\(lines[0])")
        #expect(lines[0].contains("  re: Modmail message  this is unhidden"), "\(lines[0])")
        #expect(!lines[1].contains("u/ "), "a message with no author names no user: \(lines[1])")
        #expect(lines[4].contains("t1_mynqwvd  u/Lil_SpazBot  "), "\(lines[4])")
        #expect(lines[4].contains("  re: Test post pls ignore  Comment Body"), "\(lines[4])")
        #expect(lines.last == "more: reddit inbox all --after t1_mynqt16")
    }

    @Test func anEmptyInboxSaysSo() {
        #expect(
            InboxRenderer(style: TextStyle(isEnabled: false), now: Date()).render(
                Listing(children: []), nextPageCommand: nil)
                == "no messages\n")
    }
}
