import Foundation
import Testing

@testable import RedditCLI

@Suite struct ExternalOpenerTests {
    @Test func withoutABrowserTheLinkIsShown() {
        let status = ExternalOpener.open("https://example.com/x", environment: ["PATH": "/nonexistent"])
        #expect(status == "no browser found (set BROWSER); the link: https://example.com/x")
    }

    @Test func osc52CarriesTheTextInBase64() {
        #expect(ExternalOpener.osc52("hi") == "\u{1B}]52;c;aGk=\u{07}")
    }

    @Test func linksInTextAreFoundInOrderOnce() {
        let text = "See [the docs](https://example.com/a), and https://example.com/b. Again https://example.com/a"
        #expect(LinkExtractor.links(in: text) == ["https://example.com/a", "https://example.com/b"])
        #expect(LinkExtractor.links(in: "no links, just http:// alone").isEmpty)
    }

    @Test func metadataWrapsBetweenItems() {
        let lines = TextLayout.joinWrapping(
            ["r/redditdev", "u/someone", "12 points", "self.redditdev"], separator: " · ", to: 30)
        #expect(lines == ["r/redditdev · u/someone", "12 points · self.redditdev"])
    }
}
