import Courier
import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

@Suite struct OfflineTransportTests {
    private func request(_ url: String, method: HTTPMethod = .get, form: String? = nil) -> HTTPRequest {
        var request = HTTPRequest(method: method, url: URL(string: url)!)
        if let form {
            request.body = .data(Data(form.utf8))
            request.headers["Content-Type"] = "application/x-www-form-urlencoded"
        }
        return request
    }

    @Test func normalizationDropsVolatileQueryItemsTrailingSlashesAndDefaults() {
        let cases: [(String, String)] = [
            ("https://oauth.reddit.com/hot?limit=25&raw_json=1", "https://oauth.reddit.com/hot"),
            (
                "https://oauth.reddit.com/r/askreddit/top/?t=all&raw_json=1&after=t3_x&count=25",
                "https://oauth.reddit.com/r/askreddit/top?t=all"
            ),
            ("https://www.reddit.com/r/askreddit/new.json?raw_json=1", "https://www.reddit.com/r/askreddit/new"),
            (
                "https://oauth.reddit.com/comments/3hahrw?sort=confidence&depth=2&raw_json=1",
                "https://oauth.reddit.com/comments/3hahrw"
            ),
            ("https://oauth.reddit.com/comments/3hahrw?sort=new", "https://oauth.reddit.com/comments/3hahrw?sort=new"),
            ("https://oauth.reddit.com/user/spez/overview?sort=new&raw_json=1", "https://oauth.reddit.com/user/spez"),
            (
                "https://oauth.reddit.com/r/all/search?q=praw%20oauth&sort=relevance&restrict_sr=on&t=all",
                "https://oauth.reddit.com/r/all/search?q=praw%20oauth"
            ),
        ]
        for (live, recorded) in cases {
            #expect(OfflineTransport.normalize(request(live)).url.absoluteString == recorded, "\(live)")
        }
    }

    @Test func formsKeepOnlyTheFieldsThatPickTheTarget() {
        let vote = OfflineTransport.normalize(
            request(
                "https://oauth.reddit.com/api/vote?raw_json=1", method: .post,
                form: "id=t3_4b536p&dir=1&api_type=json&rank=2"))
        #expect(String(decoding: vote.body?.data ?? Data(), as: UTF8.self) == "dir=1&id=t3_4b536p")
        let token = OfflineTransport.normalize(
            request(
                "https://www.reddit.com/api/v1/access_token", method: .post,
                form: "grant_type=https://oauth.reddit.com/grants/installed_client&device_id=DO_NOT_TRACK_THIS_DEVICE"
            ))
        #expect(
            String(decoding: token.body?.data ?? Data(), as: UTF8.self)
                == "device_id=DO_NOT_TRACK_THIS_DEVICE&grant_type=https%3A%2F%2Foauth.reddit.com%2Fgrants%2Finstalled_client"
        )
    }

    @Test func listingsArePagedLikeReddit() async throws {
        let transport = try OfflineTransport()
        let first = try await transport.send(request("https://oauth.reddit.com/r/askreddit/hot?limit=2"))
        let page = try JSONSerialization.jsonObject(with: first.body) as? [String: Any]
        let data = page?["data"] as? [String: Any]
        let names = (data?["children"] as? [[String: Any]])?.compactMap {
            ($0["data"] as? [String: Any])?["name"] as? String
        }
        #expect(names == ["t3_46c00m", "t3_488k4a"])
        #expect(data?["after"] as? String == "t3_488k4a")
        let second = try await transport.send(
            request("https://oauth.reddit.com/r/askreddit/hot?limit=1&after=t3_488k4a"))
        let next = (try JSONSerialization.jsonObject(with: second.body) as? [String: Any])?["data"] as? [String: Any]
        #expect(
            ((next?["children"] as? [[String: Any]])?.first?["data"] as? [String: Any])?["name"] as? String
                == "t3_48dath")
    }

    /// The recorded sent messages end after one page: no `after`, so no "next page" is offered
    /// that would then turn out empty (Reddit's recorded `after` is left out).
    @Test func aRecordingThatEndsOffersNoNextPage() async throws {
        let transport = try OfflineTransport()
        let sent = try await transport.send(request("https://oauth.reddit.com/message/sent"))
        let data = (try JSONSerialization.jsonObject(with: sent.body) as? [String: Any])?["data"] as? [String: Any]
        #expect((data?["children"] as? [Any])?.count == 11)
        #expect(data?["after"] is NSNull)
    }

    /// A `morechildren` answer keeps only the comments asked for; asking for comments that were
    /// not recorded is a miss, not the recorded answer of other comments.
    @Test func loadingMoreCommentsGivesOnlyTheRecordedOnesAskedFor() async throws {
        let transport = try OfflineTransport()
        let asked = try await transport.send(
            request(
                "https://oauth.reddit.com/api/morechildren", method: .post,
                form: "api_type=json&link_id=t3_3hahrw&children=cu5tt8h,cu5v9yd,cu5zzzz"))
        let json = (try JSONSerialization.jsonObject(with: asked.body) as? [String: Any])?["json"] as? [String: Any]
        let things = (json?["data"] as? [String: Any])?["things"] as? [[String: Any]] ?? []
        #expect(Set(things.compactMap { ($0["data"] as? [String: Any])?["id"] as? String }) == ["cu5tt8h", "cu5v9yd"])
        await #expect {
            _ = try await transport.send(
                request(
                    "https://oauth.reddit.com/api/morechildren", method: .post,
                    form: "api_type=json&link_id=t3_3hahrw&children=cu638nc,cu5tlz5,cu5tzj5"))
        } throws: { error in
            String(describing: error) == "these comments were not recorded, so they are not available offline"
        }
    }

    @Test func aMissNamesWhatIsAvailable() async throws {
        let transport = try OfflineTransport()
        await #expect {
            _ = try await transport.send(request("https://oauth.reddit.com/r/swift/hot"))
        } throws: { error in
            // One short line; the catalog (what `reddit help offline` prints) names what is available.
            let text = String(describing: error)
            guard let miss = error as? OfflineMiss else { return false }
            return text.hasPrefix("GET /r/swift/hot is not available offline") && !text.contains("\n")
                && text.count < 110
                && miss.catalog.report.contains("Listings:\n  reddit hot\n")
                && miss.catalog.report.contains("reddit comments 3hahrw   Ba Dum Tsss")
                && miss.catalog.report.contains("reddit subreddit announcements")
        }
        await #expect(throws: OfflineMiss.self) {
            _ = try await transport.send(request("https://oauth.reddit.com/hot?after=t3_notrecorded"))
        }
        await #expect(throws: OfflineMiss.self) {
            _ = try await transport.send(
                request(
                    "https://oauth.reddit.com/api/morechildren", method: .post, form: "link_id=t3_other&children=a,b"))
        }
    }
}
