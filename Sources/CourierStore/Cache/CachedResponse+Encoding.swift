package import Courier
package import Foundation

/// How storages write a response's headers and `Vary` values: JSON, the same bytes in every
/// storage, so that ``CachedResponse/size`` counts the same everywhere.
extension CachedResponse {
    /// The headers as a JSON array of `[name, value]` pairs (order and repeats kept).
    package var encodedHeaders: Data {
        (try? JSONEncoder().encode(headers.map { [$0.name, $0.value] })) ?? Data("[]".utf8)
    }

    /// The `Vary` values as a JSON object with sorted keys.
    package var encodedVaryValues: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(varyValues)) ?? Data("{}".utf8)
    }

    /// Headers written by ``encodedHeaders``; nil when `data` is not such an array.
    package static func decodeHeaders(_ data: Data) -> HTTPHeaders? {
        guard let pairs = try? JSONDecoder().decode([[String]].self, from: data) else { return nil }
        return HTTPHeaders(pairs.compactMap { $0.count == 2 ? HTTPHeaders.Field(name: $0[0], value: $0[1]) : nil })
    }

    /// `Vary` values written by ``encodedVaryValues``; nil when `data` is not such an object.
    package static func decodeVaryValues(_ data: Data) -> [String: String]? {
        try? JSONDecoder().decode([String: String].self, from: data)
    }
}
