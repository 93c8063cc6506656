import Courier
import Foundation

/// Reads token endpoint answers: a token, or an RFC 6749 §5.2 error whatever the status (some
/// servers send `{"error": "invalid_grant"}` with HTTP 200), after asking the configuration's
/// ``TokenErrorInterpreter`` about non-standard error shapes.
enum TokenResponse {
    /// The token in `raw`, or the error it describes.
    static func token(
        from raw: HTTPResponse, method: HTTPMethod, url: URL, now: Date, interpreter: TokenErrorInterpreter? = nil
    ) throws(OAuthError) -> Token {
        let object = try jsonObject(in: raw, method: method, url: url, interpreter: interpreter)
        guard let accessToken = object["access_token"] as? String, !accessToken.isEmpty else {
            throw .invalidTokenResponse(
                reason: "no access_token in the response (fields: \(object.keys.sorted().joined(separator: ", ")))")
        }
        let tokenType = object["token_type"] as? String ?? "bearer"
        var expiresAt: Date?
        if let seconds = number(object["expires_in"]) {
            guard seconds >= 0, seconds.isFinite else {
                throw .invalidTokenResponse(reason: "expires_in is negative or not finite")
            }
            expiresAt = now.addingTimeInterval(seconds)
        }
        let scopes =
            (object["scope"] as? String).map {
                $0.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
            } ?? []
        var extra: [String: String] = [:]
        let standard: Set<String> = ["access_token", "token_type", "expires_in", "refresh_token", "scope"]
        for (key, value) in object where !standard.contains(key) {
            switch value {
            case let text as String: extra[key] = text
            case let number as NSNumber: extra[key] = number.stringValue
            default: continue
            }
        }
        return Token(
            accessToken: accessToken,
            tokenType: tokenType,
            refreshToken: (object["refresh_token"] as? String).flatMap { $0.isEmpty ? nil : $0 },
            expiresAt: expiresAt,
            scopes: scopes,
            additionalFields: extra
        )
    }

    /// Checks a revocation answer (RFC 7009 §2.2: 200 whatever the token; errors as in §5.2).
    static func checkRevocation(
        _ raw: HTTPResponse, method: HTTPMethod, url: URL, interpreter: TokenErrorInterpreter? = nil
    ) throws(OAuthError) {
        if let error = serverError(in: raw, interpreter: interpreter) { throw .server(error) }
        guard (200..<300).contains(raw.statusCode) else {
            throw .http(HTTPError(.unacceptableStatus(raw.statusCode), method: method, url: url, response: raw))
        }
    }

    /// The error in a body: the interpreter's reading first, else the RFC 6749 §5.2 error it
    /// holds (a string `error` member), else nil.
    static func serverError(in raw: HTTPResponse, interpreter: TokenErrorInterpreter? = nil) -> OAuthError.ServerError?
    {
        if let interpreted = interpreter?.serverError(statusCode: raw.statusCode, body: raw.body) { return interpreted }
        guard let object = try? JSONSerialization.jsonObject(with: raw.body) as? [String: Any] else { return nil }
        guard let code = object["error"] as? String else { return nil }
        return OAuthError.ServerError(
            code: OAuthError.Code(rawValue: code),
            errorDescription: object["error_description"] as? String,
            errorURI: object["error_uri"] as? String,
            statusCode: raw.statusCode
        )
    }

    private static func jsonObject(
        in raw: HTTPResponse, method: HTTPMethod, url: URL, interpreter: TokenErrorInterpreter?
    ) throws(OAuthError) -> [String: Any] {
        if let error = serverError(in: raw, interpreter: interpreter) { throw .server(error) }
        guard (200..<300).contains(raw.statusCode) else {
            // Not an OAuth error body (for example `{"error": 429}`): report the status.
            throw .http(HTTPError(.unacceptableStatus(raw.statusCode), method: method, url: url, response: raw))
        }
        guard let object = try? JSONSerialization.jsonObject(with: raw.body) as? [String: Any] else {
            throw .invalidTokenResponse(reason: "the body is not a JSON object (\(raw.body.count) bytes)")
        }
        return object
    }

    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let number as NSNumber: number.doubleValue
        case let text as String: Double(text)
        default: nil
        }
    }
}
