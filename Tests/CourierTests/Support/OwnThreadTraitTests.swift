import Foundation
import TestSupport
import Testing

/// The trait the CPU-bound suites use to stay off the cooperative pool does move them.
@Suite struct OwnThreadTraitTests {
    @Test(.ownThread) func aTestWithTheTraitRunsOnItsOwnThreadAlsoAfterAnAwait() async throws {
        #expect(OwnThreadTrait.isCurrent)
        try await Task.sleep(for: .milliseconds(1))
        #expect(OwnThreadTrait.isCurrent)
        async let child = OwnThreadTrait.isCurrent
        #expect(await child)
    }

    @Test(.ownThread, arguments: [1, 2]) func everyCaseOfAParameterizedTestToo(_ value: Int) {
        #expect(OwnThreadTrait.isCurrent)
    }

    @Test func aTestWithoutItRunsOnThePool() async {
        #expect(!OwnThreadTrait.isCurrent)
    }
}
