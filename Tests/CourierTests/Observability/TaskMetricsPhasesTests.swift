import Foundation
import Testing

@testable import Courier

/// URLSessionTransport's phases on Apple platforms come from URLSession's task metrics: the
/// conversion, checked on every platform with timelines written out by hand.
@Suite("Phases from URLSession's task metrics")
struct TaskMetricsPhasesTests {
    private let start = Date(timeIntervalSince1970: 1_000_000)

    private func at(_ milliseconds: Double) -> Date { start.addingTimeInterval(milliseconds / 1000) }

    @Test("A new TLS connection: each step of the timeline is its phase")
    func newConnection() throws {
        let timeline = TaskMetricsPhases.Timeline(
            fetchStart: at(0), domainLookupStart: at(2), domainLookupEnd: at(5), connectStart: at(5),
            connectEnd: at(30), secureConnectionStart: at(10), secureConnectionEnd: at(30), requestStart: at(31),
            requestEnd: at(32), responseStart: at(332), responseEnd: at(340), reusedConnection: false)
        let phases = try #require(TaskMetricsPhases.phases(of: timeline))
        #expect(
            phases
                == PhaseTimings(
                    queued: .milliseconds(2), domainLookup: .milliseconds(3), connect: .milliseconds(5),
                    secureConnection: .milliseconds(20), requestSent: .milliseconds(1),
                    firstResponseByte: .milliseconds(300), bodyReceived: .milliseconds(8)))
    }

    @Test("A reused connection has no lookup, connect or TLS phase")
    func reused() throws {
        let timeline = TaskMetricsPhases.Timeline(
            fetchStart: at(0), requestStart: at(1), requestEnd: at(2), responseStart: at(12), responseEnd: at(13),
            reusedConnection: true)
        let phases = try #require(TaskMetricsPhases.phases(of: timeline))
        #expect(phases.reusedConnection && phases.connect == .zero && phases.secureConnection == .zero)
        #expect(phases.queued == .milliseconds(1) && phases.firstResponseByte == .milliseconds(10))
    }

    @Test("A timeline without a response gives no phases")
    func incomplete() {
        let timeline = TaskMetricsPhases.Timeline(fetchStart: at(0), connectStart: at(1), reusedConnection: false)
        #expect(TaskMetricsPhases.phases(of: timeline) == nil)
    }
}
