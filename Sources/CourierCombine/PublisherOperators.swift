#if canImport(Combine)
public import Combine
public import Courier
public import Foundation

extension Publisher where Output == Response<Data>, Failure == HTTPError {
    /// Decodes each response body as `type`, keeping the response beside the value.
    ///
    /// A body that does not decode fails the stream with ``HTTPError/Kind/decodingFailed(_:codingPath:snippet:)``,
    /// exactly as ``HTTPClient/send(_:)`` reports it.
    public func decode<Value: Decodable>(
        type: Value.Type, decoder: JSONDecoder = JSONDecoder()
    ) -> AnyPublisher<(Value, Response<Data>), HTTPError> {
        flatMap { response in
            Result { (try decoder.decode(Value.self, from: response.data), response) }
                .mapError { HTTPError.decodingFailure($0, request: response.request, response: response.raw) }
                .publisher
        }
        .eraseToAnyPublisher()
    }
}
#endif
