// A stand-in for Apple's Combine, for Scripts/check-apple: exactly the declarations CourierCombine
// uses, with the signatures Apple documents (developer.apple.com/documentation/combine).
// Bodies are never run; only the declarations matter.

/// developer.apple.com/documentation/combine/cancellable
public protocol Cancellable {
    func cancel()
}

/// developer.apple.com/documentation/combine/combineidentifier
public struct CombineIdentifier: Hashable, CustomStringConvertible {
    public init() { fatalError("stand-in") }
    public init(_ obj: AnyObject) { fatalError("stand-in") }
    public var description: String { fatalError("stand-in") }
}

/// developer.apple.com/documentation/combine/customcombineidentifierconvertible
public protocol CustomCombineIdentifierConvertible {
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    public var combineIdentifier: CombineIdentifier { fatalError("stand-in") }
}

/// developer.apple.com/documentation/combine/subscription
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    func request(_ demand: Subscribers.Demand)
}

/// developer.apple.com/documentation/combine/subscriber
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    associatedtype Input
    associatedtype Failure: Error
    func receive(subscription: any Subscription)
    func receive(_ input: Self.Input) -> Subscribers.Demand
    func receive(completion: Subscribers.Completion<Self.Failure>)
}

/// developer.apple.com/documentation/combine/publisher
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
    func receive<S>(subscriber: S) where S: Subscriber, Self.Failure == S.Failure, Self.Output == S.Input
}

/// developer.apple.com/documentation/combine/subscribers
public enum Subscribers {
    /// developer.apple.com/documentation/combine/subscribers/completion
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }

    /// developer.apple.com/documentation/combine/subscribers/demand
    public struct Demand: Equatable, Comparable, Hashable, Codable, CustomStringConvertible, Sendable {
        public static let unlimited: Subscribers.Demand = { fatalError("stand-in") }()
        public static let none: Subscribers.Demand = { fatalError("stand-in") }()
        public static func max(_ value: Int) -> Subscribers.Demand { fatalError("stand-in") }
        public var max: Int? { fatalError("stand-in") }
        public var description: String { fatalError("stand-in") }

        public static func + (lhs: Subscribers.Demand, rhs: Subscribers.Demand) -> Subscribers.Demand { fatalError("stand-in") }
        public static func + (lhs: Subscribers.Demand, rhs: Int) -> Subscribers.Demand { fatalError("stand-in") }
        public static func += (lhs: inout Subscribers.Demand, rhs: Subscribers.Demand) { fatalError("stand-in") }
        public static func += (lhs: inout Subscribers.Demand, rhs: Int) { fatalError("stand-in") }
        public static func - (lhs: Subscribers.Demand, rhs: Subscribers.Demand) -> Subscribers.Demand { fatalError("stand-in") }
        public static func - (lhs: Subscribers.Demand, rhs: Int) -> Subscribers.Demand { fatalError("stand-in") }
        public static func -= (lhs: inout Subscribers.Demand, rhs: Subscribers.Demand) { fatalError("stand-in") }
        public static func -= (lhs: inout Subscribers.Demand, rhs: Int) { fatalError("stand-in") }
        public static func * (lhs: Subscribers.Demand, rhs: Int) -> Subscribers.Demand { fatalError("stand-in") }
        public static func *= (lhs: inout Subscribers.Demand, rhs: Int) { fatalError("stand-in") }
        public static func < (lhs: Subscribers.Demand, rhs: Subscribers.Demand) -> Bool { fatalError("stand-in") }
        public static func > (lhs: Int, rhs: Subscribers.Demand) -> Bool { fatalError("stand-in") }
        public static func > (lhs: Subscribers.Demand, rhs: Int) -> Bool { fatalError("stand-in") }
        public static func == (lhs: Subscribers.Demand, rhs: Int) -> Bool { fatalError("stand-in") }
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}

/// developer.apple.com/documentation/combine/anypublisher
public struct AnyPublisher<Output, Failure: Error>: CustomStringConvertible, Publisher {
    public init<P>(_ publisher: P) where Output == P.Output, Failure == P.Failure, P: Publisher { fatalError("stand-in") }
    public var description: String { fatalError("stand-in") }
    public func receive<S>(subscriber: S) where Output == S.Input, Failure == S.Failure, S: Subscriber {
        fatalError("stand-in")
    }
}

/// developer.apple.com/documentation/combine/publishers
public enum Publishers {
    /// developer.apple.com/documentation/combine/publishers/flatmap
    public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
    where NewPublisher.Failure == Upstream.Failure {
        public typealias Output = NewPublisher.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let maxPublishers: Subscribers.Demand
        public let transform: (Upstream.Output) -> NewPublisher
        public func receive<S>(subscriber: S)
        where S: Subscriber, NewPublisher.Output == S.Input, Upstream.Failure == S.Failure {
            fatalError("stand-in")
        }
    }

    /// developer.apple.com/documentation/combine/publishers/map (the documentation's examples use it)
    public struct Map<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) { fatalError("stand-in") }
        public func receive<S>(subscriber: S) where Output == S.Input, S: Subscriber, Upstream.Failure == S.Failure {
            fatalError("stand-in")
        }
    }

    /// developer.apple.com/documentation/combine/publishers/mapkeypath
    public struct MapKeyPath<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let keyPath: KeyPath<Upstream.Output, Output>
        public func receive<S>(subscriber: S) where Output == S.Input, S: Subscriber, Upstream.Failure == S.Failure {
            fatalError("stand-in")
        }
    }
}

extension Publisher {
    /// developer.apple.com/documentation/combine/publisher/map(_:)-99evh
    public func map<T>(_ transform: @escaping (Self.Output) -> T) -> Publishers.Map<Self, T> { fatalError("stand-in") }

    /// developer.apple.com/documentation/combine/publisher/map(_:)-6sm0a
    public func map<T>(_ keyPath: KeyPath<Self.Output, T>) -> Publishers.MapKeyPath<Self, T> { fatalError("stand-in") }

    /// developer.apple.com/documentation/combine/publisher/erasetoanypublisher()
    public func eraseToAnyPublisher() -> AnyPublisher<Self.Output, Self.Failure> { fatalError("stand-in") }

    /// developer.apple.com/documentation/combine/publisher/flatmap(maxpublishers:_:)-3k7z5
    /// (Apple writes a generic `T == P.Output` too; Swift needs no separate parameter for it.)
    public func flatMap<P>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Self.Output) -> P
    ) -> Publishers.FlatMap<P, Self> where P: Publisher, Self.Failure == P.Failure {
        fatalError("stand-in")
    }
}

extension Result {
    /// developer.apple.com/documentation/swift/result/publisher-swift.property
    public var publisher: Result<Success, Failure>.Publisher { fatalError("stand-in") }

    /// developer.apple.com/documentation/swift/result/publisher-swift.struct
    public struct Publisher: Combine.Publisher {
        public typealias Output = Success
        public let result: Result<Success, Failure>
        public init(_ result: Result<Success, Failure>) { fatalError("stand-in") }
        public func receive<S>(subscriber: S) where Success == S.Input, Failure == S.Failure, S: Subscriber {
            fatalError("stand-in")
        }
    }
}
