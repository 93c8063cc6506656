import Courier
import Foundation
import Synchronization
import TestSupport
import Testing

/// The examples of the Courier catalog's "Observing Calls" article, compiled and run against the test servers.
@Suite("Documented example: observability")
struct ObservabilityReadmeTests {
    @Test("Turning on logging and reading a download's progress")
    func readme() async throws {
        let lines = LineCollector()
        let client = HTTPClient(baseURL: try TestServers.faults()) {
            $0.eventMonitors = [
                LoggingMonitor(
                    redactor: LoggingMonitor.Redactor(additionalSecretNames: ["x-device-pin"]), output: lines.output)
            ]
        }
        let fileURL = FileManager.default.temporaryDirectory.appendingPathComponent("courier-readme-\(UUID()).zip")
        defer { try? FileManager.default.removeItem(at: fileURL) }

        let transfer = client.download(Request(path: "/download/300000"), to: fileURL)
        var printed: [String] = []
        for await progress in transfer.progress {
            if let fraction = progress.fractionReceived {
                printed.append("\(Int(fraction * 100))% of \(progress.bytesExpectedToReceive ?? 0) bytes")
            }
        }
        let saved = try await transfer.response.value
        #expect(saved == fileURL)
        #expect(printed.last == "100% of 300000 bytes")
        try await lines.waitForFinishLines(1)
        #expect(lines.all.first?.hasPrefix("[Courier] #") == true)
    }
}
