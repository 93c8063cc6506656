import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// Keyed and unkeyed containers behave as JSONDecoder's: missing versus null, duplicated keys,
/// nesting, mixed arrays, and errors with the path to the value.
@Suite(.ownThread) struct ContainerDecodingTests {
    struct Post: Decodable, Equatable {
        let id: String
        let score: Int
        let ratio: Double?
        let flair: String?
        let saved: Bool?

        private enum CodingKeys: String, CodingKey {
            case id, score
            case ratio = "upvote_ratio"
            case flair, saved
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(String.self, forKey: .id)
            score = try c.decode(Int.self, forKey: .score)
            ratio = try c.decodeIfPresent(Double.self, forKey: .ratio)
            flair = try c.decodeIfPresent(String.self, forKey: .flair)
            saved = try c.decodeIfPresent(Bool.self, forKey: .saved)
        }
    }

    @Test func missingAndNullAreNilForDecodeIfPresent() throws {
        let missing = try redditDecode(Post.self, #"{"id":"a","score":1}"#)
        let null = try redditDecode(Post.self, #"{"id":"a","score":1,"upvote_ratio":null,"flair":null,"saved":null}"#)
        #expect(missing.ratio == nil && missing.flair == nil && missing.saved == nil)
        #expect(null == missing)
        let present = try redditDecode(
            Post.self, #"{"saved":false,"flair":"OC","upvote_ratio":0.5,"score":-3,"id":"b"}"#)
        #expect(
            present.id == "b" && present.score == -3 && present.ratio == 0.5 && present.flair == "OC"
                && present.saved == false)
    }

    @Test func aMissingKeyIsKeyNotFoundAndNullIsValueNotFound() {
        #expect(failure { try redditDecode(Post.self, #"{"id":"a"}"#) } == .keyNotFound)
        #expect(failurePath { try redditDecode(Post.self, #"{"id":"a"}"#) } == "score")
        #expect(failure { try redditDecode(Post.self, #"{"id":"a","score":null}"#) } == .valueNotFound)
        #expect(failure { try redditDecode(Post.self, #"{"id":"a","score":"1"}"#) } == .typeMismatch)
        #expect(failure { try redditDecode(Post.self, #"{"id":"a","score":1,"flair":7}"#) } == .typeMismatch)
        #expect(failure { try foundationDecode(Post.self, #"{"id":"a","score":1,"flair":7}"#) } == .typeMismatch)
    }

    @Test func decodeNilAndContainsTellMissingFromNull() throws {
        struct Probe: Decodable {
            enum Keys: String, CodingKey { case null, value, missing }
            let results: [String]
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: Keys.self)
                results = [
                    "\(c.contains(.null)) \(c.contains(.value)) \(c.contains(.missing))",
                    "\(try c.decodeNil(forKey: .null)) \(try c.decodeNil(forKey: .value))",
                    "\(failure { try c.decodeNil(forKey: .missing) }.map { "\($0)" } ?? "no error")",
                ]
            }
        }
        let json = #"{"null":null,"value":0}"#
        let expected = ["true true false", "true false", "keyNotFound"]
        #expect(try redditDecode(Probe.self, json).results == expected)
        #expect(try foundationDecode(Probe.self, json).results == expected)
    }

    @Test(arguments: [3, 40])
    func theFirstOfDuplicatedKeysWins(_ width: Int) throws {
        // 3 members are searched in order, 40 go through the hash table.
        let filler = (0..<width).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let json = #"{"id":"first","score":1,\#(filler),"id":"second","score":2}"#
        let post = try redditDecode(Post.self, json)
        #expect(post.id == "first" && post.score == 1)
        #expect(post == (try foundationDecode(Post.self, json)))
        let dictionary = try redditDecode([String: Int].self, #"{"k":1,"j":3,"k":2}"#)
        #expect(dictionary == ["k": 1, "j": 3])
        #expect(dictionary == (try foundationDecode([String: Int].self, #"{"k":1,"j":3,"k":2}"#)))
    }

    @Test(arguments: [0, 40])
    func keysAreComparedAsStrings(_ width: Int) throws {
        let filler = (0..<width).map { #""k\#($0)":\#($0),"# }.joined()
        // An escaped key equals its plain spelling; the first still wins.
        let escaped = #"{\#(filler)"\u0069d":"escaped","id":"plain","score":1}"#
        #expect(try redditDecode(Post.self, escaped).id == "escaped")
        #expect(try foundationDecode(Post.self, escaped).id == "escaped")
        // U+212A KELVIN SIGN is canonically equivalent to "K", so Swift's strings are equal.
        struct Kelvin: Decodable, Equatable { let K: Int }
        let kelvin = #"{\#(filler)"\#u{212A}":7}"#
        #expect(try redditDecode(Kelvin.self, kelvin) == Kelvin(K: 7))
        #expect(try foundationDecode(Kelvin.self, kelvin) == Kelvin(K: 7))
        // Non-ASCII keys are found by their own spelling too.
        #expect(try redditDecode([String: Int].self, #"{"é":1,"e\u0301":2}"#) == ["é": 1])
    }

    @Test func dictionariesReadEveryKeyOnce() throws {
        let json =
            #"{"abc":{"status":"valid","m":"image/png","s":{"u":"https://i.redd.it/x.png","x":10,"y":20}},"def":{"status":"unprocessed"}}"#
        let metadata = try redditDecode([String: MediaMetadata].self, json)
        #expect(metadata.keys.sorted() == ["abc", "def"])
        #expect(metadata["abc"]?.source == ImageSource(url: "https://i.redd.it/x.png", width: 10, height: 20))
        #expect(metadata["def"]?.status == "unprocessed" && metadata["def"]?.source == nil)
        #expect(metadata == (try foundationDecode([String: MediaMetadata].self, json)))
        #expect(try redditDecode([String: Int].self, "{}") == [:])
    }

    @Test func nestedContainersReadTheirOwnMembers() throws {
        struct Outer: Decodable, Equatable {
            enum Keys: String, CodingKey { case inner, list, after }
            enum InnerKeys: String, CodingKey { case value }
            let value: Int
            let list: [Int]
            let after: String
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: Keys.self)
                value = try c.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner).decode(Int.self, forKey: .value)
                var list = try c.nestedUnkeyedContainer(forKey: .list)
                var values: [Int] = []
                while !list.isAtEnd { values.append(try list.decode(Int.self)) }
                self.list = values
                after = try c.decode(String.self, forKey: .after)
            }
        }
        // `value` appears at two depths; each container sees only its own.
        let json = #"{"value":0,"inner":{"skip":{"value":-1},"value":5},"list":[1,[2,{"value":3}],4],"after":"x"}"#
        #expect(failure { try redditDecode(Outer.self, json) } == .typeMismatch)
        let flat = #"{"value":0,"inner":{"skip":{"value":-1},"value":5},"list":[1,2,4],"after":"x"}"#
        let outer = try redditDecode(Outer.self, flat)
        #expect(outer.value == 5 && outer.list == [1, 2, 4] && outer.after == "x")
        #expect(outer == (try foundationDecode(Outer.self, flat)))
    }

    @Test func mixedArraysReadElementByElement() throws {
        struct Mixed: Decodable, Equatable {
            let values: [String]
            init(from decoder: any Decoder) throws {
                var c = try decoder.unkeyedContainer()
                var values: [String] = []
                #expect(c.count == 7)
                values.append(try c.decode(String.self))
                values.append(String(try c.decode(Int.self)))
                values.append(try c.decodeNil() ? "null" : "?")
                values.append(String(try c.decode(Bool.self)))
                // A failed read does not move on.
                #expect(failure { try c.decode(String.self) } == .typeMismatch)
                values.append(String(try c.decode(Double.self)))
                values.append(
                    try c.nestedContainer(keyedBy: TestKey.self).decode(
                        String.self, forKey: TestKey(stringValue: "k")))
                var inner = try c.nestedUnkeyedContainer()
                values.append(try inner.decode([Int].self).map(String.init).joined(separator: "+"))
                #expect(c.isAtEnd && c.currentIndex == 7)
                #expect(failure { try c.decode(Int.self) } == .valueNotFound)
                self.values = values
            }
        }
        let json = #"["a",1,null,true,2.5,{"k":"v"},[[1,2]]]"#
        let expected = ["a", "1", "null", "true", "2.5", "v", "1+2"]
        #expect(try redditDecode(Mixed.self, json).values == expected)
        #expect(try foundationDecode(Mixed.self, json).values == expected)
        #expect(try redditDecode([String?].self, #"["a",null,"\u00e9"]"#) == ["a", nil, "é"])
        #expect(try redditDecode([[Int]].self, "[[],[1],[2,3]]") == [[], [1], [2, 3]])
    }

    @Test func errorsCarryThePathToTheValue() throws {
        let json =
            #"{"kind":"Listing","data":{"children":[{"kind":"t3","data":{"id":"a"}},{"kind":"t3","data":{"id":"b","score":"high"}}]}}"#
        #expect(failure { try redditDecode(Listing.self, json) } == .typeMismatch)
        #expect(failurePath { try redditDecode(Listing.self, json) } == "data.children[1].data.score")
        #expect(
            failurePath { try redditDecode(Listing.self, json) }
                == failurePath { try foundationDecode(Listing.self, json) })
        let missing = #"{"kind":"Listing","data":{"children":[{"kind":"t1","data":{"id":"c"}}]}}"#
        #expect(failure { try redditDecode(Listing.self, missing) } == .keyNotFound)
        #expect(failurePath { try redditDecode(Listing.self, missing) } == "data.children[0].data.link_id")
        #expect(failurePath { try redditDecode([Int].self, "[1,2,\"x\"]") } == "[2]")
    }

    @Test func deeplyNestedRepliesDecodeThroughTheModels() throws {
        // Each level of replies is five levels of JSON; 100 levels stay under the limit of 512.
        var json = #"{"kind":"t1","data":{"id":"c100","link_id":"t3_x","parent_id":"t1_c99","replies":""}}"#
        for level in (0..<100).reversed() {
            json =
                #"{"kind":"t1","data":{"id":"c\#(level)","link_id":"t3_x","parent_id":"t3_x","replies":{"kind":"Listing","data":{"children":[\#(json)]}}}}"#
        }
        let listing = #"{"kind":"Listing","data":{"children":[\#(json)]}}"#
        let decoded = try redditDecode(Listing.self, listing)
        #expect(decoded == (try foundationDecode(Listing.self, listing)))
        var depth = 0
        var comment = decoded.comments.first
        while let next = comment?.replies?.comments.first {
            comment = next
            depth += 1
        }
        #expect(depth == 100 && comment?.id == "c100")
    }
}
