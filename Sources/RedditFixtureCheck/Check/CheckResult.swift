import Foundation
package import RedditAPI

/// The outcome of checking one file.
package struct CheckResult: Sendable {
    /// What happened.
    package enum Outcome: Sendable {
        /// The request matched PRAW's and the answer decoded to `model`.
        case ok(model: String, summary: String)
        /// The request matched PRAW's and the error response came out as a typed ``RedditError``
        /// (a pass: that is the right reading of an error body).
        case redditError(RedditError)
        /// No route rebuilds this request.
        case unsupported(method: String, path: String, reason: String)
        /// The file could not be read, the request differs from PRAW's, or the answer did not
        /// come out as it should.
        case failed(String, details: [String])
    }

    /// The file, relative to the folder checked.
    package let file: String
    /// The endpoint it records (its key, or method and path).
    package let endpoint: String?
    /// Whether the recording's body was written by hand.
    package let writtenByHand: Bool
    /// What happened.
    package let outcome: Outcome

    init(_ recording: Recording, _ outcome: Outcome) {
        file = recording.file
        endpoint = recording.endpoint
        writtenByHand = recording.writtenByHand
        self.outcome = outcome
    }

    /// A file that could not be read as a recording.
    package init(unreadable file: String, _ error: Recording.LoadError) {
        self.file = file
        endpoint = nil
        writtenByHand = false
        outcome = .failed(error.description, details: [])
    }

    /// Whether the check passed: a decoded model, or a typed error for an error response.
    package var passed: Bool {
        switch outcome {
        case .ok, .redditError: true
        case .unsupported, .failed: false
        }
    }

    /// Whether no route serves the recording.
    package var isUnsupported: Bool {
        if case .unsupported = outcome { true } else { false }
    }

    /// The report's line for this file (and the differences, indented, on the lines after).
    package var line: String {
        switch outcome {
        case .ok(let model, let summary):
            return "OK \(model) \(summary)  [\(file)]"
        case .redditError(let error):
            return "ERROR \(error)  [\(file)]"
        case .unsupported(let method, let path, let reason):
            return "UNSUPPORTED \(method) \(path)  [\(file)] (\(reason))"
        case .failed(let reason, let details):
            let oneLine = reason.split(whereSeparator: \.isNewline).joined(separator: " ")
            return (["FAIL \(file): \(oneLine)"] + details.map { "    " + $0 }).joined(separator: "\n")
        }
    }
}
