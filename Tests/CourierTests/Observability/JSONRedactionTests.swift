import Courier
import Foundation
import Testing

@Suite("LoggingMonitor.Redactor.redactJSON")
struct JSONRedactionTests {
    let redactor = LoggingMonitor.Redactor.default

    func object(_ data: Data?) throws -> [String: Any] {
        let data = try #require(data)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("Secret strings at any depth become the placeholder; the document stays valid JSON")
    func secretsAtAnyDepth() throws {
        let input = Data(
            #"{"access_token": "t1", "list": [{"refresh_token": "t2"}, {"client_secret": "t3"}], "id": "keep", "expires_in": 60}"#
                .utf8)
        let output = try object(redactor.redactJSON(input))
        #expect(output["access_token"] as? String == LoggingMonitor.Redactor.placeholder)
        let list = try #require(output["list"] as? [[String: Any]])
        #expect(list[0]["refresh_token"] as? String == LoggingMonitor.Redactor.placeholder)
        #expect(list[1]["client_secret"] as? String == LoggingMonitor.Redactor.placeholder)
        #expect(output["id"] as? String == "keep")
        #expect(output["expires_in"] as? Int == 60)
    }

    @Test("Names that describe a secret without holding one are kept")
    func describingNamesKept() throws {
        #expect(!redactor.isSecret(name: "token_type"))
        #expect(!redactor.isSecret(name: "Access-Control-Allow-Credentials"))
        #expect(redactor.isSecret(name: "access_token"))
        let output = try object(redactor.redactJSON(Data(#"{"token_type": "bearer", "access_token": "x"}"#.utf8)))
        #expect(output["token_type"] as? String == "bearer")
    }

    @Test("Numbers and booleans under secret keys are kept so they still decode")
    func numbersKept() throws {
        let output = try object(redactor.redactJSON(Data(#"{"code": 404, "session": {"active": true}}"#.utf8)))
        #expect(output["code"] as? Int == 404)
        #expect((output["session"] as? [String: Any])?["active"] as? Bool == true)
    }

    @Test("A document without secrets comes back byte for byte; text that is not JSON gives nil")
    func unchangedAndInvalid() throws {
        let input = Data("{\n  \"b\" : 1.50,\n  \"a\" : [true, null]\n}".utf8)
        #expect(redactor.redactJSON(input) == input)
        #expect(redactor.redactJSON(Data("access_token=x".utf8)) == nil)
        #expect(redactor.redactJSON(Data(#"{"access_token": "#.utf8)) == nil)
    }

    @Test("URLs inside strings lose their secret query values and nothing else")
    func urlsInStrings() throws {
        let input = Data(
            #"{"a": "https://i.embed.ly/1/image?url=http%3A%2F%2Fx&key=k1", "b": "http://en.wikipedia.org/wiki/Ü?id=7&token=k2#top", "c": "http://en.wikipedia.org/wiki/Ü?id=7"}"#
                .utf8)
        let output = try object(redactor.redactJSON(input))
        #expect(output["a"] as? String == "https://i.embed.ly/1/image?url=http%3A%2F%2Fx&key=<redacted>")
        #expect(output["b"] as? String == "http://en.wikipedia.org/wiki/Ü?id=7&token=<redacted>#top")
        #expect(output["c"] as? String == "http://en.wikipedia.org/wiki/Ü?id=7")
    }
}
