import Courier
import CourierTesting
import Foundation
import Testing

@Suite("Cassette redaction")
struct CassetteRedactionTests {
    let url = URL(string: "https://api.example.com/token?client_id=app&code=canary-code")!

    func interaction(
        requestBody: String?, contentType: String, responseBody: String, responseType: String = "application/json"
    ) -> Cassette.Interaction {
        let request = HTTPRequest(
            method: .post, url: url,
            headers: [
                "Authorization": "Bearer canary-bearer", "Content-Type": contentType, "Accept": "application/json",
            ],
            body: requestBody.map { .data(Data($0.utf8)) }
        )
        let response = HTTPResponse(
            statusCode: 200,
            headers: [
                "Content-Type": responseType, "Set-Cookie": "session=canary-cookie",
                "Content-Length": String(responseBody.utf8.count),
            ],
            body: Data(responseBody.utf8), url: url
        )
        return Cassette.Interaction(request: request, response: response)
    }

    func json(_ body: Cassette.Body?) throws -> [String: Any] {
        let data = try #require(body?.data)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("Headers, query values and form fields holding secrets are replaced; the rest is kept")
    func requestSecrets() throws {
        let recorded = interaction(
            requestBody: "grant_type=refresh_token&refresh_token=canary-refresh",
            contentType: "application/x-www-form-urlencoded",
            responseBody: "{}"
        )
        #expect(recorded.request.url == "https://api.example.com/token?client_id=app&code=<redacted>")
        #expect(recorded.request.headers["Authorization"] == LoggingMonitor.Redactor.placeholder)
        #expect(recorded.request.headers["Accept"] == "application/json")
        #expect(recorded.request.body == .text("grant_type=refresh_token&refresh_token=<redacted>"))
        #expect(recorded.response.headers["Set-Cookie"] == LoggingMonitor.Redactor.placeholder)
        #expect(recorded.response.headers["Content-Length"] == "2")
        #expect(recorded.response.url == nil)
    }

    @Test("Tokens in a JSON response are replaced and the body is still valid JSON that decodes")
    func jsonResponse() throws {
        struct Token: Decodable {
            let access_token: String
            let token_type: String
            let expires_in: Int
            let scope: String
        }
        let body =
            #"{"access_token": "canary-access", "refresh_token": "canary-refresh", "token_type": "bearer", "expires_in": 3600, "scope": "read", "nested": [{"id_token": "canary-id", "code": 404}]}"#
        let recorded = interaction(requestBody: nil, contentType: "application/json", responseBody: body)
        let text = try #require(recorded.response.body.map { String(decoding: $0.data, as: UTF8.self) })
        #expect(!text.contains("canary"))
        #expect(recorded.response.headers["Content-Length"] == String(text.utf8.count))
        #expect(text.utf8.count < body.utf8.count)
        let token = try JSONDecoder().decode(Token.self, from: try #require(recorded.response.body?.data))
        #expect(token.access_token == LoggingMonitor.Redactor.placeholder)
        #expect(token.token_type == "bearer")
        #expect(token.expires_in == 3600)
        #expect(token.scope == "read")
        let nested = try #require(try json(recorded.response.body)["nested"] as? [[String: Any]])
        #expect(nested.first?["code"] as? Int == 404)
        #expect(nested.first?["id_token"] as? String == LoggingMonitor.Redactor.placeholder)
    }

    @Test("Echoed credentials inside JSON strings are replaced: bearer values, URLs, embedded JSON and forms")
    func echoedSecrets() throws {
        let body = #"""
            {"headers": {"X-Auth": "Bearer canary-1", "Accept": "*/*"},
             "url": "https://api.example.com/x?access_token=canary-2&page=2",
             "data": "{\"access_token\": \"canary-3\", \"note\": \"kept\"}",
             "raw": "password=canary-4&user=me",
             "title": "basic rules of the subreddit"}
            """#
        let recorded = interaction(requestBody: nil, contentType: "application/json", responseBody: body)
        let text = String(decoding: try #require(recorded.response.body?.data), as: UTF8.self)
        #expect(!text.contains("canary"))
        let object = try json(recorded.response.body)
        #expect((object["headers"] as? [String: String])?["X-Auth"] == "Bearer <redacted>")
        #expect((object["headers"] as? [String: String])?["Accept"] == "*/*")
        #expect(object["url"] as? String == "https://api.example.com/x?access_token=<redacted>&page=2")
        #expect((object["data"] as? String)?.contains("kept") == true)
        #expect(object["raw"] as? String == "password=<redacted>&user=me")
        #expect(object["title"] as? String == "basic rules of the subreddit")
    }

    @Test("A JSON body without secrets is stored byte for byte")
    func untouchedJSON() throws {
        let body = "{\n  \"b\" : 1.0,\n  \"a\" : \"x\"\n}"
        let recorded = interaction(requestBody: #"{"q": 1}"#, contentType: "application/json", responseBody: body)
        #expect(recorded.response.body == .text(body))
        #expect(recorded.request.body == .text(#"{"q": 1}"#))
    }

    @Test("Binary bodies are stored as base64 and come back as the same bytes")
    func binaryBody() throws {
        let bytes = Data([0xff, 0x00, 0xd8, 0x7f, 0x80])
        let response = HTTPResponse(statusCode: 200, headers: ["Content-Type": "image/png"], body: bytes, url: url)
        let recorded = Cassette.Interaction(request: HTTPRequest(url: url), response: response)
        #expect(recorded.response.body == .base64(bytes))
        #expect(recorded.response.body?.data == bytes)
        #expect(recorded.request.body == nil)
    }
}
