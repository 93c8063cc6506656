import Courier
import Foundation

/// The form fields a request carries (`application/x-www-form-urlencoded`), decoded.
enum FormFields {
    static func of(_ request: HTTPRequest) -> [String: String] {
        let text = String(decoding: request.body?.data ?? Data(), as: UTF8.self)
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            fields[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return fields
    }
}
