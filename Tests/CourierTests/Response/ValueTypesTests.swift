import Courier
import Foundation
import Testing

@Suite("JSON, headers and media types")
struct ValueTypesTests {
    @Test("JSON decodes any document and reads it with subscripts")
    func json() throws {
        let data = Data(#"{"a":[1,2.5,"x",true,null],"b":{"c":"d"}}"#.utf8)
        let json = try JSONDecoder().decode(JSON.self, from: data)
        #expect(json["a"]?[0]?.intValue == 1)
        #expect(json["a"]?[1]?.doubleValue == 2.5)
        #expect(json["a"]?[1]?.intValue == nil)
        #expect(json["a"]?[2]?.stringValue == "x")
        #expect(json["a"]?[3]?.boolValue == true)
        #expect(json["a"]?[4]?.isNull == true)
        #expect(json["a"]?[9] == nil)
        #expect(json["b"]?["c"] == "d")
        #expect(json["missing"] == nil)
        #expect(json.description == #"{"a":[1,2.5,"x",true,null],"b":{"c":"d"}}"#)
        let again = try JSONDecoder().decode(JSON.self, from: JSONEncoder().encode(json))
        #expect(again == json)
    }

    @Test("Headers are case-insensitive; setting replaces, adding keeps")
    func headers() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain"]
        #expect(headers["content-type"] == "text/plain")
        headers.add(name: "Set-Cookie", value: "a=1")
        headers.add(name: "set-cookie", value: "b=2")
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        headers["Set-Cookie"] = "c=3"
        #expect(headers.values(for: "set-cookie") == ["c=3"])
        headers["CONTENT-TYPE"] = nil
        #expect(!headers.contains("Content-Type"))
        #expect(headers.count == 1)
    }

    @Test("Header descriptions hide secrets")
    func headerDescription() {
        let headers: HTTPHeaders = ["Authorization": "Bearer s3cr3t", "Cookie": "sid=s3cr3t", "Accept": "*/*"]
        #expect(!headers.description.contains("s3cr3t"))
        #expect(headers.description.contains("Accept: */*"))
    }

    @Test("Media types parse parameters and match patterns")
    func mediaTypes() throws {
        let type = try #require(MediaType("Application/JSON; charset=\"UTF-8\""))
        #expect(type.description == "application/json")
        #expect(type.parameters["charset"] == "UTF-8")
        #expect(type.matches("application/*"))
        #expect(type.matches("*/*"))
        #expect(!type.matches("text/*"))
        #expect(try #require(MediaType("application/vnd.api+json")).matches("application/*+json"))
        #expect(MediaType("nonsense") == nil)
    }
}
