/// A key for a per-call option carried by a request through the pipeline.
///
/// Interceptors define keys for what they let a caller choose per call:
///
/// ```swift
/// enum SkipAuthentication: RequestOptionKey { static let defaultValue = false }
/// let request = Request<Data>(path: "/public").option(SkipAuthentication.self, true)
/// ```
package protocol RequestOptionKey {
    /// The option's type.
    associatedtype Value: Sendable
    /// The value when a request does not set one.
    static var defaultValue: Value { get }
}

/// Per-call options keyed by type, readable by every interceptor.
package struct RequestOptions: Sendable {
    private var storage: [ObjectIdentifier: any Sendable] = [:]

    /// Creates an empty set of options.
    package init() {}

    /// The value for `key`, or its default.
    package subscript<Key: RequestOptionKey>(key: Key.Type) -> Key.Value {
        get {
            // Most requests set no option; the lookup and cast are skipped for them.
            if storage.isEmpty { return Key.defaultValue }
            return storage[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue
        }
        set { storage[ObjectIdentifier(key)] = newValue }
    }
}
