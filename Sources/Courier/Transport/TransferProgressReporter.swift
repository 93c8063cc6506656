import Foundation
import Synchronization

extension TransferProgress {
    /// Counts one call's transferred bytes and publishes them as ``TransferProgress`` snapshots in
    /// a ``Transfer``'s ``Transfer/progress``: a parameter of the call's run, which the transport
    /// stage hands to a transport that reports progress (the built-in ones,
    /// `ProgressReportingTransport`).
    ///
    /// Such a transport calls `beginAttempt(expectedUpload:)` when an attempt starts, then
    /// `didSend(count:)`, `didReceiveResponse(expected:)` and `didReceive(count:)` as bytes move.
    /// Whether it wrote a download's body to its file it says in its response
    /// (`HTTPResponse.bytesWrittenToFile`), not here. For any other transport the client reports the totals once it answered, so the sequence
    /// still ends at the total.
    final class Reporter: Sendable {
        private struct State {
            var progress = TransferProgress()
            var finished = false
        }

        private let continuation: AsyncStream<TransferProgress>.Continuation
        private let state = Mutex(State())

        init(continuation: AsyncStream<TransferProgress>.Continuation) {
            self.continuation = continuation
        }

        /// A new attempt starts sending `expectedUpload` body bytes (nil: a stream of unknown
        /// length): counts restart from zero.
        func beginAttempt(expectedUpload uploadSize: Int64?) {
            update {
                $0.progress = TransferProgress(attempt: $0.progress.attempt + 1, bytesExpectedToSend: uploadSize)
            }
        }

        /// `count` more body bytes were sent.
        func didSend(count: Int64) {
            update { state in
                let total = state.progress.bytesSent + count
                state.progress.bytesSent = state.progress.bytesExpectedToSend.map { min($0, total) } ?? total
            }
        }

        /// The response head arrived, announcing `expected` body bytes (nil when unknown).
        func didReceiveResponse(expected: Int64?) {
            update {
                // The whole body went out once the server answers.
                if let uploadTotal = $0.progress.bytesExpectedToSend { $0.progress.bytesSent = uploadTotal }
                $0.progress.bytesExpectedToReceive = expected
            }
        }

        /// The body continues `offset` bytes already on disk (a resumed download): they count as
        /// received, and the announced size grows by them.
        func didResume(from offset: Int64) {
            update {
                $0.progress.bytesReceived += offset
                $0.progress.bytesExpectedToReceive = $0.progress.bytesExpectedToReceive.map { $0 + offset }
            }
        }

        /// `count` more body bytes arrived.
        func didReceive(count: Int64) {
            update { $0.progress.bytesReceived += count }
        }

        /// The call succeeded: publishes the final totals and ends the sequence.
        func complete(request: HTTPRequest, response: HTTPResponse) {
            update {
                $0.progress.attempt = max($0.progress.attempt, 1)
                let uploadTotal =
                    $0.progress.bytesExpectedToSend ?? max($0.progress.bytesSent, request.body?.length ?? 0)
                $0.progress.bytesSent = uploadTotal
                $0.progress.bytesExpectedToSend = uploadTotal
                let received = response.bytesWrittenToFile ?? Int64(response.body.count)
                $0.progress.bytesReceived = max($0.progress.bytesReceived, received)
                if $0.progress.bytesExpectedToReceive == nil {
                    $0.progress.bytesExpectedToReceive = $0.progress.bytesReceived
                }
            }
            finish()
        }

        /// Ends the sequence without a final snapshot (the call failed).
        func finish() {
            state.withLock { $0.finished = true }
            continuation.finish()
        }

        private func update(_ change: (inout State) -> Void) {
            state.withLock { state in
                guard !state.finished else { return }
                let before = state.progress
                change(&state)
                // Yielding under the lock keeps snapshots in order; it never runs the consumer inline.
                if state.progress != before { continuation.yield(state.progress) }
            }
        }
    }
}
