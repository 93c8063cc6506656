import Courier
import CourierOAuth
import CourierTesting
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import RedditAPI

/// Random damage to real bodies (deleted keys, wrong types, changed kinds, truncation, stray
/// bytes) never crashes the decoders: each body decodes or fails with a typed error.
@Suite(.ownThread) struct FuzzTests {
    /// A fixture's JSON, with long listings cut to their first few children to keep the run short.
    static func corpus() throws -> [(name: String, json: Any)] {
        try FixtureDecodingTests.requests.keys.sorted().compactMap { name in
            let fixture = try Fixture(name)
            guard name.hasSuffix(".json"),
                let json = try? JSONSerialization.jsonObject(with: fixture.body, options: [.fragmentsAllowed])
            else { return nil }
            return (name, trimmed(json))
        }
    }

    static func trimmed(_ json: Any) -> Any {
        switch json {
        case let array as [Any]: return array.prefix(4).map(trimmed)
        case let object as [String: Any]: return object.mapValues(trimmed)
        default: return json
        }
    }

    /// Every container in a document, by path.
    static func containers(_ json: Any, path: [PathStep] = []) -> [[PathStep]] {
        var result = [path]
        switch json {
        case let array as [Any]:
            for (index, item) in array.enumerated() { result += containers(item, path: path + [.index(index)]) }
        case let object as [String: Any]:
            for (key, item) in object.sorted(by: { $0.key < $1.key }) {
                result += containers(item, path: path + [.key(key)])
            }
        default: break
        }
        return result
    }

    enum PathStep {
        case key(String)
        case index(Int)
    }

    /// Applies `change` to the value at `path`.
    static func modify(_ json: Any, at path: ArraySlice<PathStep>, _ change: (Any) -> Any?) -> Any? {
        guard let step = path.first else { return change(json) }
        switch (step, json) {
        case (.key(let key), var object as [String: Any]):
            guard let child = object[key] else { return object }
            object[key] = modify(child, at: path.dropFirst(), change)
            return object
        case (.index(let index), var array as [Any]):
            guard array.indices.contains(index) else { return array }
            if let value = modify(array[index], at: path.dropFirst(), change) {
                array[index] = value
            } else {
                array.remove(at: index)
            }
            return array
        default:
            return json
        }
    }

    static func randomValue(_ rng: inout SeededGenerator) -> Any {
        switch Int.random(in: 0..<7, using: &rng) {
        case 0: return NSNull()
        case 1: return Bool.random(using: &rng)
        case 2: return Int.random(in: -5...1_000_000, using: &rng)
        case 3: return Double.random(in: -1e12...1e12, using: &rng)
        case 4: return ["", "t3_x", "Listing", "more", "t1", "_", "[deleted]"].randomElement(using: &rng)!
        case 5: return [Any]()
        default: return ["kind": "Listing"]
        }
    }

    static func mutate(_ json: Any, _ rng: inout SeededGenerator) -> Data {
        let paths = containers(json)
        let path = paths.randomElement(using: &rng)![...]
        var damaged: Any = json
        switch Int.random(in: 0..<5, using: &rng) {
        case 0:  // delete a key or an element
            damaged =
                modify(json, at: path) { value in
                    if var object = value as? [String: Any], let key = object.keys.sorted().randomElement(using: &rng) {
                        object[key] = nil
                        return object
                    }
                    return nil
                } ?? json
        case 1:  // replace a value with one of another type
            let replacement = randomValue(&rng)
            damaged = modify(json, at: path) { _ in replacement } ?? json
        case 2:  // change a kind
            let kind = ["t1", "t2", "t3", "t4", "t5", "t6", "more", "Listing", "LabeledMulti", "t7"].randomElement(
                using: &rng)!
            damaged =
                modify(json, at: path) { value in
                    guard var object = value as? [String: Any], object["kind"] != nil else { return value }
                    object["kind"] = kind
                    return object
                } ?? json
        default:
            break
        }
        var data = (try? JSONSerialization.data(withJSONObject: damaged, options: [.fragmentsAllowed])) ?? Data()
        if Int.random(in: 0..<4, using: &rng) == 0, !data.isEmpty {  // truncate
            data = data.prefix(Int.random(in: 0..<data.count, using: &rng))
        }
        if Int.random(in: 0..<8, using: &rng) == 0, !data.isEmpty {  // a stray byte
            data.insert(UInt8.random(in: 0...255, using: &rng), at: Int.random(in: 0..<data.count, using: &rng))
        }
        return data
    }

    @Test func mutatedBodiesDecodeOrFailWithATypedError() async throws {
        var rng = SeededGenerator(seed: 0xC0FFEE)
        let corpus = try Self.corpus()
        #expect(corpus.count > 50)
        var decoded = 0
        var failed = 0
        for (name, json) in corpus {
            let fixture = try Fixture(name)
            let body = Mutex(Data())
            let transport = StubTransport { request in
                HTTPResponse(
                    statusCode: fixture.status, headers: fixture.headers, body: body.withLock { $0 }, url: request.url)
            }
            // The 429 fixture has no Retry-After; don't let its default pause slow the run.
            let client = RedditClient(
                userAgent: try testAgent(), authentication: .tokens(RenewingTestToken()), transport: transport,
                rateLimit: RateLimitPolicy(defaultRetryAfter: .zero))
            guard let make = FixtureDecodingTests.requests[name] else { throw Fixture.Missing(name: name) }
            let request = try make()
            for _ in 0..<60 {
                let mutated = Self.mutate(json, &rng)
                body.withLock { $0 = mutated }
                do {
                    _ = try await FixtureDecodingTests.sendAny(request, with: client)
                    decoded += 1
                } catch let error as HTTPError {
                    failed += 1
                    switch error.kind {
                    case .decodingFailed, .server: break
                    default: Issue.record("\(name): unexpected failure \(error)")
                    }
                }
            }
        }
        #expect(decoded + failed == corpus.count * 60)
        #expect(decoded > 100 && failed > 100)
    }

    /// The same damage straight into JSON.TapeDecoder and JSONDecoder, model by model: no crash,
    /// only `DecodingError`s, equal values whenever both decode, and never a body JSONDecoder
    /// rejects that JSON.TapeDecoder accepts.
    @Test func mutatedBodiesDecodeAlikeWithBothDecoders() throws {
        var rng = SeededGenerator(seed: 0x5EED_D1CE)
        var tally: [String: Int] = [:]
        for (name, json) in try Self.corpus() {
            let file = URL(fileURLWithPath: name).lastPathComponent
            let model = try #require(DecoderEquivalenceTests.models[file], "no model for \(file)")
            for _ in 0..<60 {
                let outcome = model(Self.mutate(json, &rng))
                switch outcome {
                case .equal: tally["equal", default: 0] += 1
                case .bothThrew: tally["bothThrew", default: 0] += 1
                case .onlyRedditThrew: tally["onlyRedditThrew", default: 0] += 1
                case .differ(let reason): Issue.record("\(name): \(reason)")
                }
            }
        }
        #expect(tally["equal", default: 0] > 100 && tally["bothThrew", default: 0] > 100)
    }
}
