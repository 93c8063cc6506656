import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// Widgets: the layout read in order, and a widget sent whole as JSON in the `json` field.
@Suite struct WidgetTests {
    @Test func theLayoutIsReadInOrder() throws {
        let widgets = try JSON.TapeDecoder().decode(
            SubredditWidgets.self, from: try Fixture("praw/widgets/widgets__200__1.json").body)
        #expect(widgets.sidebar.map(\.kind) == ["subreddit-rules", "moderators"])
        #expect(widgets.idCard?.kind == "id-card" && widgets.moderators?.id == "widget_moderators-3nwlq")
        #expect(widgets.topbar.isEmpty && widgets.byID.count == 3)
        #expect(widgets.sidebar[0].shortName == "Subreddit Rules")
        #expect(widgets.sidebar[0].styles == ["headerColor": "#ccac2b", "backgroundColor": "#007373"])
    }

    @Test func aChangedWidgetGoesBackWholeUnderItsID() async throws {
        let answer = try Fixture("praw/widgets/widget_modify__200__2.json")
        let transport = StubTransport { request in answer.response(for: request.url) }
        let listed = try JSON.TapeDecoder().decode(
            SubredditWidgets.self, from: try Fixture("praw/widgets/widgets__200__1.json").body)
        var rules = try #require(listed.sidebar.first)
        rules.shortName = "Our regulations"
        rules.styles = ["backgroundColor": "#fedcba", "headerColor": "#012345"]

        let updated = try await makeClient(transport).send(Reddit.updateWidget(rules, in: "swift"))

        let sent = try #require(transport.requests.first)
        #expect(sent.method == .put && sent.url.path == "/r/swift/api/widget/widget_rules-3nwlq")
        let document = try JSON.TapeDecoder().decode(JSON.self, from: Data(try #require(sent.form["json"]).utf8))
        #expect(document == JSON.object(rules.fields))
        #expect(document["data"]?.arrayValue?.count == rules["data"]?.arrayValue?.count)
        #expect(updated.shortName == "Our regulations" && updated["display"] == "compact")
    }

    @Test func reorderingSendsTheIdsAndTheSection() async throws {
        let transport = StubTransport { request in
            HTTPResponse(statusCode: 200, headers: [:], body: Data(), url: request.url)
        }
        try await makeClient(transport).send(Reddit.reorderWidgets(["w2", "w1"], in: .topbar, of: "swift"))
        let sent = try #require(transport.requests.first)
        #expect(sent.method == .patch && sent.url.path == "/r/swift/api/widget_order/topbar")
        #expect(sent.form == ["json": #"["w2","w1"]"#, "section": "topbar", "api_type": "json"])
    }

    @Test func aWidgetWithoutAKindIsADecodingError() {
        #expect(throws: DecodingError.self) {
            try JSON.TapeDecoder().decode(Widget.self, from: Data(#"{"id": "widget_x"}"#.utf8))
        }
    }
}
