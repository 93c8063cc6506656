public import Foundation
import Synchronization

/// The per-call option through which a ``Transfer`` carries its reporter through the pipeline
/// to the transport stage, which hands it to ``HTTPTransport/send(_:reporting:)``.
enum TransferObserverKey: RequestOptionKey {
    static let defaultValue: TransferObserver? = nil
}

extension TransferProgress {
    /// Counts one call's transferred bytes and publishes them as ``TransferProgress`` snapshots: what
    /// a transport reports to while it sends (see ``HTTPTransport/send(_:reporting:)``).
    ///
    /// A transport that reports progress calls ``beginAttempt(uploadSize:)`` when an attempt starts,
    /// then ``didSend(count:)``, ``didReceiveResponse(expected:)`` and ``didReceive(count:)`` as bytes
    /// move; when ``destination`` is set it writes a successful (2xx) body there and calls
    /// ``didWriteFile(bytes:)``. For a transport that reports nothing, the client fills in the totals
    /// from the response, so the sequence still ends at the total.
    public final class Reporter: Sendable {
        private struct State {
            var progress = TransferProgress()
            var bytesWrittenToFile: Int64?
            var finished = false
        }

        /// Where a transport should write a successful (2xx) response body; nil keeps it in memory.
        public let destination: URL?
        /// The same as ``destination``, under the name the built-in transports use.
        var temporaryFile: URL? { destination }
        private let continuation: AsyncStream<TransferProgress>.Continuation
        private let state = Mutex(State())

        init(temporaryFile: URL?, continuation: AsyncStream<TransferProgress>.Continuation) {
            destination = temporaryFile
            self.continuation = continuation
        }

        /// The body bytes the transport wrote to ``destination`` in the last attempt, or nil when
        /// it kept the body in memory.
        public var bytesWrittenToFile: Int64? { state.withLock { $0.bytesWrittenToFile } }

        /// A new attempt starts sending `uploadSize` body bytes: counts restart from zero.
        public func beginAttempt(uploadSize: Int64) {
            beginAttempt(expectedUpload: uploadSize)
        }

        /// A new attempt starts sending `expectedUpload` body bytes (nil: a stream of unknown
        /// length): counts restart from zero.
        func beginAttempt(expectedUpload uploadSize: Int64?) {
            update {
                $0.progress = TransferProgress(
                    attempt: $0.progress.attempt + 1,
                    upload: .init(completed: 0, expected: uploadSize),
                    download: .init()
                )
                $0.bytesWrittenToFile = nil
            }
        }

        /// `count` more body bytes were sent.
        public func didSend(count: Int64) {
            update { state in
                let total = state.progress.upload.completed + count
                state.progress.upload.completed = state.progress.upload.expected.map { min($0, total) } ?? total
            }
        }

        /// The response head arrived, announcing `expected` body bytes (nil when unknown).
        public func didReceiveResponse(expected: Int64?) {
            update {
                // The whole body went out once the server answers.
                if let uploadTotal = $0.progress.upload.expected { $0.progress.upload.completed = uploadTotal }
                $0.progress.download.expected = expected
            }
        }

        /// `count` more body bytes arrived.
        public func didReceive(count: Int64) {
            update { $0.progress.download.completed += count }
        }

        /// The attempt's body was written to ``destination``: `bytes` in all.
        public func didWriteFile(bytes: Int64) {
            update { $0.bytesWrittenToFile = bytes }
        }

        /// The call succeeded: publishes the final totals and ends the sequence.
        func complete(request: HTTPRequest, response: HTTPResponse) {
            update {
                $0.progress.attempt = max($0.progress.attempt, 1)
                let uploadTotal =
                    $0.progress.upload.expected ?? max($0.progress.upload.completed, request.body?.length ?? 0)
                $0.progress.upload = .init(completed: uploadTotal, expected: uploadTotal)
                let received = $0.bytesWrittenToFile ?? Int64(response.body.count)
                $0.progress.download.completed = max($0.progress.download.completed, received)
                if $0.progress.download.expected == nil {
                    $0.progress.download.expected = $0.progress.download.completed
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

/// The name the built-in transports use for ``TransferProgress/Reporter``.
typealias TransferObserver = TransferProgress.Reporter
