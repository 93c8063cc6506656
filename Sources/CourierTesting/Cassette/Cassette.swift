public import Courier
public import Foundation

/// Recorded HTTP interactions, stored as a JSON file that people can read and diff.
///
/// A cassette is what ``RecordingTransport`` writes and ``ReplayTransport`` serves. The file
/// format (version 1), with keys sorted and pretty-printed so it is stable under version control:
///
/// ```json
/// {
///   "format" : "courier-cassette",
///   "interactions" : [
///     {
///       "recorded_at" : "2026-11-29T23:40:00Z",
///       "request" : {
///         "body" : { "text" : "grant_type=refresh_token&refresh_token=<redacted>" },
///         "headers" : { "Authorization" : "<redacted>", "Content-Type" : "application/x-www-form-urlencoded" },
///         "method" : "POST",
///         "url" : "https://www.reddit.com/api/v1/access_token"
///       },
///       "response" : {
///         "body" : { "text" : "{\"access_token\":\"<redacted>\",\"token_type\":\"bearer\"}" },
///         "headers" : { "Content-Type" : "application/json" },
///         "status" : 200
///       }
///     }
///   ],
///   "version" : 1
/// }
/// ```
///
/// A body is `{"text": …}` when it is UTF-8 text and `{"base64": …}` otherwise; an empty body
/// is left out. Repeated header fields are joined with `", "`. A response may carry a `url`
/// when it differs from the request's (after a redirect).
///
/// Build one from code to script a cassette, for example from saved responses:
///
/// ```swift
/// var cassette = Cassette()
/// cassette.append(Cassette.Interaction(
///     request: .init(method: .get, url: "https://oauth.reddit.com/api/v1/me?raw_json=1"),
///     response: .init(status: 200, headers: ["Content-Type": "application/json"], body: .init(meData))
/// ))
/// try cassette.write(to: fileURL)
/// ```
public struct Cassette: Sendable, Equatable, Codable {
    /// The format version this package writes and reads.
    public static let formatVersion = 1

    /// The interactions, in the order they happened.
    public var interactions: [Interaction]

    /// Creates a cassette holding `interactions`.
    public init(interactions: [Interaction] = []) {
        self.interactions = interactions
    }

    /// Appends one interaction.
    public mutating func append(_ interaction: Interaction) {
        interactions.append(interaction)
    }

    /// Appends a request and the response it got, redacting secrets with `redactor` first
    /// (the same rules as logging, plus tokens in JSON bodies).
    public mutating func append(
        _ request: HTTPRequest, _ response: HTTPResponse, recordedAt: Date = Date(),
        redactor: LoggingMonitor.Redactor = .default
    ) {
        append(Interaction(request: request, response: response, recordedAt: recordedAt, redactor: redactor))
    }

    /// One request and the response it got.
    public struct Interaction: Sendable, Equatable, Codable {
        /// The request as sent (redacted).
        public var request: RecordedRequest
        /// The response as received (redacted).
        public var response: RecordedResponse
        /// When the response arrived.
        public var recordedAt: Date

        /// Creates an interaction from recorded values, as they are (no redaction).
        public init(request: RecordedRequest, response: RecordedResponse, recordedAt: Date = Date()) {
            self.request = request
            self.response = response
            self.recordedAt = recordedAt
        }

        enum CodingKeys: String, CodingKey {
            case request, response
            case recordedAt = "recorded_at"
        }
    }

    /// A request in a cassette.
    public struct RecordedRequest: Sendable, Equatable, Codable {
        /// The method.
        public var method: HTTPMethod
        /// The absolute URL, with secret query values replaced.
        public var url: String
        /// The header fields.
        public var headers: HTTPHeaders
        /// The body, if there was one.
        public var body: Body?

        /// Creates a recorded request.
        public init(method: HTTPMethod = .get, url: String, headers: HTTPHeaders = [:], body: Body? = nil) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
        }

        enum CodingKeys: String, CodingKey { case method, url, headers, body }

        /// Reads a request from a cassette file.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            method = HTTPMethod(rawValue: try container.decode(String.self, forKey: .method))
            url = try container.decode(String.self, forKey: .url)
            headers = HTTPHeaders(try container.decodeIfPresent([String: String].self, forKey: .headers) ?? [:])
            body = try container.decodeIfPresent(Body.self, forKey: .body)
        }

        /// Writes the request in the cassette format.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(method.rawValue, forKey: .method)
            try container.encode(url, forKey: .url)
            try container.encode(headers.dictionary, forKey: .headers)
            try container.encodeIfPresent(body, forKey: .body)
        }
    }

    /// A response in a cassette.
    public struct RecordedResponse: Sendable, Equatable, Codable {
        /// The status code.
        public var status: Int
        /// The header fields.
        public var headers: HTTPHeaders
        /// The body, if it was not empty.
        public var body: Body?
        /// The URL that answered, when it differs from the request's (after redirects).
        public var url: String?

        /// Creates a recorded response.
        public init(status: Int, headers: HTTPHeaders = [:], body: Body? = nil, url: String? = nil) {
            self.status = status
            self.headers = headers
            self.body = body
            self.url = url
        }

        enum CodingKeys: String, CodingKey { case status, headers, body, url }

        /// Reads a response from a cassette file.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            status = try container.decode(Int.self, forKey: .status)
            headers = HTTPHeaders(try container.decodeIfPresent([String: String].self, forKey: .headers) ?? [:])
            body = try container.decodeIfPresent(Body.self, forKey: .body)
            url = try container.decodeIfPresent(String.self, forKey: .url)
        }

        /// Writes the response in the cassette format.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(status, forKey: .status)
            try container.encode(headers.dictionary, forKey: .headers)
            try container.encodeIfPresent(body, forKey: .body)
            try container.encodeIfPresent(url, forKey: .url)
        }
    }

    /// A body: UTF-8 text, or bytes stored as base64.
    public enum Body: Sendable, Equatable, Codable {
        /// A UTF-8 text body, stored as is.
        case text(String)
        /// Any other body, stored as base64.
        case base64(Data)

        /// The body as text when `data` is valid UTF-8, as base64 otherwise; nil when empty.
        public init?(_ data: Data) {
            guard !data.isEmpty else { return nil }
            if let text = String(data: data, encoding: .utf8), !text.contains("\u{0}") {
                self = .text(text)
            } else {
                self = .base64(data)
            }
        }

        /// The body's bytes.
        public var data: Data {
            switch self {
            case .text(let text): Data(text.utf8)
            case .base64(let data): data
            }
        }

        enum CodingKeys: String, CodingKey { case text, base64 }

        /// Reads `{"text": …}` or `{"base64": …}`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let text = try container.decodeIfPresent(String.self, forKey: .text) {
                self = .text(text)
            } else if let encoded = try container.decodeIfPresent(String.self, forKey: .base64) {
                guard let data = Data(base64Encoded: encoded) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .base64, in: container, debugDescription: "not valid base64")
                }
                self = .base64(data)
            } else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath, debugDescription: "a body needs a \"text\" or a \"base64\" key"
                    ))
            }
        }

        /// Writes `{"text": …}` or `{"base64": …}`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .text(let text): try container.encode(text, forKey: .text)
            case .base64(let data): try container.encode(data.base64EncodedString(), forKey: .base64)
            }
        }
    }
}
