import Courier

/// What Reddit did with one line of ``Reddit/setUserFlairs(_:in:)`` (`/r/SUB/api/flaircsv`).
public struct FlairUpdateResult: Sendable, Hashable, Decodable {
    /// What happened (`added flair for user spez`, `skipped`...).
    public var status: String
    /// Whether the line was applied.
    public var ok: Bool
    /// Problems with the line, by column (`user`, `css`...).
    public var errors: [String: String]
    /// Warnings about the line, by column.
    public var warnings: [String: String]

    private enum CodingKeys: String, CodingKey { case status, ok, errors, warnings }

    /// Decodes a result; messages that are not text are kept as their JSON.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        status = try c.value(.status, or: "")
        ok = try c.value(.ok, or: false)
        errors = try c.value(.errors, or: [String: JSON]()).mapValues { $0.stringValue ?? $0.description }
        warnings = try c.value(.warnings, or: [String: JSON]()).mapValues { $0.stringValue ?? $0.description }
    }
}
