import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// The offline catalogue built from the three fixture folders: rtv's listings reachable by the
/// keys and commands a user has, and text recorded HTML-escaped (without `raw_json=1`) reading
/// right on screen and in `--json`.
@Suite struct OfflineCatalogueTests {
    @Test func textRecordedEscapedReadsRightOnScreenAndInJSON() async throws {
        let listing = try await BuiltExecutable.run(["--offline", "hot", "python", "--limit", "100"])
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(listing.stdout.contains("a backport of fstrings to python<3.6"))
        #expect(
            !listing.stdout.contains("&lt;") && !listing.stdout.contains("&amp;") && !listing.stdout.contains("&gt;"))
        let json = try await BuiltExecutable.run(["--offline", "--json", "hot", "python", "--limit", "100"])
        #expect(json.stdout.contains("python<3.6"))
        #expect(!json.stdout.contains("&lt;3.6"))
        let thread = try await BuiltExecutable.run(["--offline", "comments", "2xmo63"])
        #expect(thread.status == 0, "\(thread.stderr)")
        #expect(thread.stdout.contains("sudo pip install"))
        #expect(!thread.stdout.contains("&gt;") && !thread.stdout.contains("&amp;"), "a quote is a quote")
    }

    @Test func rtvsListingsAreReachableWithTheBrowsersKeys() async throws {
        let service = try OfflineBrowse.service()
        // r, then a subreddit (sorts with 1-5, t for the range), a multi, a user's lists, a domain.
        for options in [
            ListingOptions(subreddit: "python"), ListingOptions(sort: .new, subreddit: "python"),
            ListingOptions(sort: .controversial, subreddit: "python"), ListingOptions(subreddit: "pics"),
            ListingOptions(sort: .top, subreddit: "pics", time: .year), ListingOptions(sort: .rising, subreddit: "all"),
            ListingOptions(subreddit: "pics+linux"), ListingOptions(sort: .new, subreddit: "learnpython"),
            ListingOptions(sort: .new), ListingOptions(subreddit: "goldandblack"),
        ] {
            let page = try await service.listing(options)
            #expect(page.links.count >= 20, "\(options)")
        }
        for (user, section) in [
            ("civilization_phaze_3", UserSection.upvoted), ("civilization_phaze_3", .hidden),
            ("civilization_phaze_3", .saved), ("br0bi", .downvoted), ("spez", .overview),
        ] {
            let page = try await service.profile(user: user, section: section, page: PageOptions()).value
            #expect(!page.children.isEmpty, "u/\(user)/\(section)")
        }
        #expect(try await service.multireddit("art", of: "multi-mod", page: PageOptions()).links.count == 25)
        #expect(try await service.domain("python.org", page: PageOptions()).links.count == 25)
        let search = try await service.search(SearchOptions(query: "guido", subreddit: "python", sort: .top))
        #expect(!search.links.isEmpty)
        // The go-to prompt reaches them.
        var state = try await OfflineBrowse.frontPage()
        #expect(
            state.goTo("u/civilization_phaze_3/upvoted")
                == .navigate(.posts(.user("civilization_phaze_3", .upvoted), after: nil)))
        #expect(state.goTo("domain/python.org") == .navigate(.posts(.domain("python.org"), after: nil)))
        #expect(
            state.goTo("/user/multi-mod/m/art")
                == .navigate(.posts(.multireddit(owner: "multi-mod", name: "art"), after: nil)))
    }

    @Test func theTestSubredditsPostsAreKeptOffTheFirstScreenButReachable() async throws {
        let service = try OfflineBrowse.service()
        let first = try await service.listing(ListingOptions())
        #expect(first.links.count == 12)
        #expect(first.links.allSatisfy { $0.subreddit.lowercased() != "test_subreddit" })
        let test = try await service.listing(ListingOptions(subreddit: "TEST_SUBREDDIT"))
        #expect(Set(test.links.map(\.id)).isSuperset(of: ["1khu9tf", "4b1tfm", "98vj9e"]), "the gallery and the rest")
    }
}
