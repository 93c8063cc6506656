import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// Multireddits: copying reads who you are and names the copy as Reddit would, the create model
/// names every setting, and the listings' paths.
@Suite struct MultiredditTests {
    static func transport() -> StubTransport {
        StubTransport { request in
            switch request.url.path {
            case "/api/v1/me": return try Fixture("things/me_2016.json").response(for: request.url)
            case "/api/multi/user/kjoneslol/m/sfwpornnetwork":
                return try Fixture("praw/multireddits/multireddit_api__200__1.json").response(for: request.url)
            default: return try Fixture("praw/multireddits/multireddit_copy__200__1.json").response(for: request.url)
            }
        }
    }

    @Test func aCopyGoesToYourAccountUnderANameMadeFromItsDisplayName() async throws {
        let transport = Self.transport()
        let multi = try makeClient(transport).multireddit("sfwpornnetwork", of: "kjoneslol")
        let copy = try await multi.copy(displayName: "Nice Places, 2024!")
        #expect(copy.copiedFrom == "/user/kjoneslol/m/sfwpornnetwork")
        #expect(transport.requests.map(\.url.path) == ["/api/v1/me", "/api/multi/copy"])
        #expect(
            transport.requests[1].form == [
                "from": "/user/kjoneslol/m/sfwpornnetwork", "to": "user/PyAPITestUser2/m/nice_places_2024/",
                "display_name": "Nice Places, 2024!", "api_type": "json",
            ])

        transport.clearRequests()
        try await multi.copy()
        #expect(
            transport.requests.map(\.url.path) == [
                "/api/v1/me", "/api/multi/user/kjoneslol/m/sfwpornnetwork", "/api/multi/copy",
            ])
        #expect(transport.requests[2].form["to"] == "user/PyAPITestUser2/m/sfwpornnetwork/")
        #expect(transport.requests[2].form["display_name"] == "praw multi test")
    }

    @Test func namesAreMadeAsRedditMakesThem() {
        #expect(Reddit.multiredditName(for: "Hello, World!") == "hello_world")
        #expect(Reddit.multiredditName(for: String(repeating: "a", count: 22)) == String(repeating: "a", count: 21))
        #expect(Reddit.multiredditName(for: "a b c d e f g h i j k l") == "a_b_c_d_e_f_g_h_i_j")
        #expect(Reddit.multiredditName(for: "  __  ") == "_")
        #expect(Reddit.multiredditName(for: "Café Crème") == "café_crème")
    }

    @Test func creatingNamesEverySettingAndUpdatingOnlyThoseGiven() throws {
        let created = Self.form(Reddit.createMultireddit(displayName: "PRAW create test", subreddits: ["redditdev"]))
        let model = try JSON.TapeDecoder().decode(JSON.self, from: Data(try #require(created["model"]).utf8))
        #expect(
            model == [
                "description_md": nil, "key_color": nil, "weighting_scheme": "classic", "visibility": "private",
                "icon_name": nil, "display_name": "PRAW create test", "subreddits": [["name": "redditdev"]],
            ])
        let updated = Self.form(
            Reddit.updateMultireddit("m", of: "me", MultiredditChanges(subreddits: ["aww"], visibility: "public")))
        let changes = try JSON.TapeDecoder().decode(JSON.self, from: Data(try #require(updated["model"]).utf8))
        #expect(changes == ["subreddits": [["name": "aww"]], "visibility": "public"])
    }

    /// A request's form fields.
    static func form<Value>(_ request: Request<Value>) -> [String: String] {
        if case .form(let fields)? = request.body { return fields }
        return [:]
    }

    @Test func listingsUseTheMultiredditsPath() {
        #expect(Reddit.multiredditPosts("fun", of: "spez").path == "/user/spez/m/fun")
        let top = Reddit.multiredditPosts("fun", of: "spez", sort: .top(.week), page: .init(limit: 5))
        #expect(top.path == "/user/spez/m/fun/top")
        #expect(top.query.map(\.name) == ["limit", "t"] && top.query.last?.value == "week")
        #expect(Reddit.multiredditComments("fun", of: "spez").path == "/user/spez/m/fun/comments")
    }

    @Test func theModelKeepsWhereItWasCopiedFromAndItsOwner() throws {
        let multis = try JSON.TapeDecoder().decode(
            [Wrapped<Multi>].self, from: try Fixture("praw/multireddits/my_multireddits__200__2.json").body
        ).map(\.value)
        #expect(multis.first?.owner == "lil_spazjoekp")
        #expect(multis.first?.iconURL?.hasSuffix("custom_feed_default_4.png") == true)
        let copy = try JSON.TapeDecoder().decode(
            Wrapped<Multi>.self, from: try Fixture("praw/multireddits/multireddit_copy__200__1.json").body
        ).value
        #expect(copy.copiedFrom == "/user/kjoneslol/m/sfwpornnetwork" && copy.weightingScheme == "classic")
        let decodedAgain = try JSON.TapeDecoder().decode(Multi.self, from: try JSONEncoder().encode(copy))
        #expect(decodedAgain == copy)
    }
}
