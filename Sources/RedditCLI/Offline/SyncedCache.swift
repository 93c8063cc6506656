package import Foundation
package import RedditAPI

/// What `reddit sync` fetched for one account, on disk: a cassette in Courier's format (what
/// ``RedditRecordings`` replays for the demo too), with when it was fetched and from which
/// subreddits. `reddit --offline` prefers it to the demo when it exists.
///
/// It holds Reddit's answers only (request method and URL, status, content type, body): never a
/// request header, so never a token. It is replaced whole (``AtomicFile``): a sync cut off leaves
/// the previous one as it was.
package struct SyncedCache: Sendable {
    /// The cassette file: `<data directory>/synced/<account>.json`.
    package let file: URL

    /// The cache of `account` under `dataDirectory`.
    package init(dataDirectory: URL, account: String) {
        file = dataDirectory.appendingPathComponent("synced").appendingPathComponent(account + ".json")
    }

    /// The cache of the configuration's account.
    package init(_ configuration: CLIConfiguration) {
        self.init(dataDirectory: configuration.dataDirectory, account: configuration.account)
    }

    /// `$XDG_DATA_HOME/reddit`, else `~/.local/share/reddit`.
    package static func dataDirectory(environment: [String: String]) -> URL {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("reddit")
        }
        let home =
            environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share/reddit")
    }

    /// What one sync fetched, ready to be written.
    package struct Contents: Sendable {
        /// One answer: the URL asked (on oauth.reddit.com, as the recordings keep them), when,
        /// and the body Reddit sent.
        package struct Answer: Sendable {
            package var url: String
            package var fetchedAt: Date
            package var body: Data
        }

        /// When the sync finished.
        package var date: Date
        /// The subreddits synced, in order.
        package var subreddits: [String]
        /// The answers, in the order they are kept.
        package var answers: [Answer]
    }

    /// Whether a sync was written.
    package var exists: Bool { FileManager.default.fileExists(atPath: file.path) }

    /// The synced recordings and where they come from; nil when nothing was synced. A file that
    /// cannot be read is moved aside (`NAME.json.unreadable`) and said on standard error, and
    /// the demo is used instead.
    package func load() -> (recordings: RedditRecordings, source: OfflineSource)? {
        guard exists else { return nil }
        do {
            let summary = try JSONDecoder.synced.decode(Top.self, from: Data(contentsOf: file)).synced
            let recordings = try RedditRecordings(cassette: file)
            return (recordings, .synced(at: summary.at, subreddits: summary.subreddits))
        } catch {
            let aside = file.appendingPathExtension("unreadable")
            try? FileManager.default.removeItem(at: aside)
            try? FileManager.default.moveItem(at: file, to: aside)
            Output.error(
                "reddit: the synced cache \(file.path) cannot be read (\(error)); moved it to \(aside.lastPathComponent)"
                    + " and using the demo (reddit sync fetches again)")
            return nil
        }
    }

    /// When the cache on disk was synced; nil when there is none or it cannot be read.
    package func syncedAt() -> Date? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return try? JSONDecoder.synced.decode(Top.self, from: data).synced.at
    }

    /// Replaces the cache with `contents`, atomically; returns the bytes written.
    @discardableResult
    package func write(_ contents: Contents, account: String) throws(CLIError) -> Int {
        let interactions = contents.answers.map { answer in
            Interaction(
                recordedAt: answer.fetchedAt, request: .init(method: "GET", url: answer.url, headers: [:]),
                response: .init(
                    status: 200, headers: ["Content-Type": "application/json; charset=UTF-8"],
                    body: .init(text: String(decoding: answer.body, as: UTF8.self))))
        }
        let top = File(
            synced: Summary(at: contents.date, subreddits: contents.subreddits, account: account),
            interactions: interactions)
        let data: Data
        do {
            data = try JSONEncoder.synced.encode(top)
        } catch {
            throw CLIError("cannot encode the synced cache: \(error)")
        }
        do throws(AtomicFile.Failure) {
            try AtomicFile.write(data, to: file)
        } catch {
            throw CLIError("cannot write the synced cache: \(error.description)")
        }
        return data.count
    }

    /// Forgets the sync; false when there was none.
    package func clear() throws(CLIError) -> Bool {
        guard exists else { return false }
        do {
            try FileManager.default.removeItem(at: file)
        } catch {
            throw CLIError("cannot remove \(file.path): \(error.localizedDescription)")
        }
        AtomicFile.removeLeftovers(beside: file)
        return true
    }

    /// The sync's own part of the file (the cassette readers ignore it).
    struct Summary: Codable {
        var at: Date
        var subreddits: [String]
        var account: String
    }

    private struct Top: Decodable { var synced: Summary }

    /// A cassette in Courier's format (`CourierTesting`'s `Cassette` reads it too).
    private struct File: Encodable {
        var format = "courier-cassette"
        var version = 1
        var synced: Summary
        var interactions: [Interaction]
    }

    private struct Interaction: Encodable {
        struct Request: Encodable {
            var method: String
            var url: String
            var headers: [String: String]
        }
        struct Body: Encodable { var text: String }
        struct Response: Encodable {
            var status: Int
            var headers: [String: String]
            var body: Body
        }
        var recordedAt: Date
        var request: Request
        var response: Response

        enum CodingKeys: String, CodingKey {
            case request, response
            case recordedAt = "recorded_at"
        }
    }
}

extension JSONEncoder {
    /// Dates as ISO 8601, keys sorted: the cassette's conventions.
    fileprivate static var synced: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

extension JSONDecoder {
    fileprivate static var synced: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
