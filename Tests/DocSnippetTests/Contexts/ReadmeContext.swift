import Courier
import Foundation
import RedditAPI

/// The names README.md's `partial` blocks take from the text around them.
struct ReadmeSnippets: DocSnippetContext {
    let printed = PrintedLines()
    var tokens = DocTokens()
    var client = HTTPClient(baseURL: exampleURL)
    var apiURL = exampleURL
    var companyCA = URL(fileURLWithPath: "/etc/company/ca.pem")
    var pin = "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="
    var reddit = try! RedditClient(userAgent: "linux:com.example.reader:1.0 (by /u/example)")

    /// Where the README's test finds `hot.json`.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The account of the README's test.
    struct Account: Codable, Sendable {
        let name: String
        let linkKarma: Int
    }
}
