import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// The inbox's one-line summaries: Markdown read as words, cut at a word boundary, senders in
/// one column.
@Suite struct InboxPreviewTests {
    @Test func thePreviewIsPlainWordsCutAfterAWholeWord() {
        let body = "**Thanks** for the _old_ report.\n\n> quoted line\n\nSee the wiki for everything else"
        let preview = InboxPreview.text(of: body, width: 30)
        #expect(!preview.contains("**") && !preview.contains("_old_") && !preview.contains("> "), "\(preview)")
        #expect(preview.hasSuffix("…"))
        #expect(TextLayout.width(preview) <= 30)
        let cut = preview.dropLast()
        #expect(
            body.contains(cut.split(separator: " ").last.map(String.init) ?? "?"), "ends on a whole word: \(preview)")
        #expect(InboxPreview.text(of: "short", width: 30) == "short")
    }

    @Test func sendersLineUp() throws {
        let json = #"""
            {"kind":"Listing","data":{"after":null,"children":[
             {"kind":"t4","data":{"id":"a1","author":"bob","subject":"one","body":"x","new":false}},
             {"kind":"t4","data":{"id":"a2","author":"a_much_longer_name","subject":"two","body":"y","new":false}}]}}
            """#
        let listing = try JSONDecoder().decode(Listing.self, from: Data(json.utf8))
        let lines = InboxRenderer(style: TextStyle(isEnabled: false), now: Date()).render(listing, nextPageCommand: nil)
            .split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        func column(of word: String, in line: String) -> Int? {
            line.range(of: "  " + word + "  ").map { line.distance(from: line.startIndex, to: $0.lowerBound) }
        }
        #expect(column(of: "one", in: lines[0]) != nil)
        #expect(column(of: "one", in: lines[0]) == column(of: "two", in: lines[1]), "\(lines)")
    }

    @Test func aPreviewInLittleRoomStaysInIt() {
        // The browser gives the preview what the line leaves: a few columns beside a long subject.
        for width in 2...12 {
            for body in ["Sorry I'm late to this", "YESSSSSSSSSSSSS it works", "ok"] {
                let preview = InboxPreview.text(of: body, width: width)
                #expect(TextLayout.width(preview) <= width, "\(width): \(preview)")
            }
        }
    }
}
