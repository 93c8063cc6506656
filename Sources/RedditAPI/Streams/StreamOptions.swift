import Foundation

/// How a ``RedditStream`` polls.
public struct StreamOptions: Sendable {
    /// Whether to skip what the first poll finds (only items that appear later are yielded).
    public var skipExisting: Bool
    /// The longest pause between polls that found nothing; pauses double from 1 second up to it.
    public var maximumWait: Duration
    /// How many recent fullnames are remembered to yield each item once (PRAW keeps 301).
    public var rememberedCount: Int
    let sleep: @Sendable (Duration) async throws -> Void

    /// Creates options; pauses run on `clock`.
    public init<C: Clock>(
        skipExisting: Bool = false, maximumWait: Duration = .seconds(16), rememberedCount: Int = 301,
        clock: C = ContinuousClock()
    ) where C.Duration == Duration {
        self.skipExisting = skipExisting
        self.maximumWait = maximumWait
        self.rememberedCount = max(rememberedCount, 1)
        sleep = { duration in try await clock.sleep(for: duration) }
    }
}

/// The pause after polls that found nothing: 1 s, doubling up to a cap; back to 1 s once
/// something new arrives. (PRAW adds up to ±1/32 jitter; these pauses are exact, so tests
/// can predict them.)
struct StreamBackoff: Sendable {
    let maximum: Duration
    private(set) var current: Duration = .seconds(1)

    init(maximum: Duration) { self.maximum = maximum }

    /// The next pause; the one after is twice as long, up to the cap.
    mutating func next() -> Duration {
        let pause = min(current, maximum)
        current = min(current * 2, maximum)
        return pause
    }

    mutating func reset() { current = .seconds(1) }
}

/// The last `capacity` fullnames seen, oldest forgotten first.
struct RecentNames: Sendable {
    let capacity: Int
    private var order: [Fullname] = []
    private var start = 0
    private var members: Set<Fullname> = []

    init(capacity: Int) { self.capacity = capacity }

    func contains(_ name: Fullname) -> Bool { members.contains(name) }

    mutating func insert(_ name: Fullname) {
        guard members.insert(name).inserted else { return }
        if order.count < capacity {
            order.append(name)
        } else {
            members.remove(order[start])
            order[start] = name
            start = (start + 1) % capacity
        }
    }

    var count: Int { members.count }
}
