// A child process for the resumable-download test: it downloads URL to DEST through the fault
// proxy's cut run KEY (held after HOLD body bytes, when given) and prints the progress it began
// with and ended at, so the test can kill it mid-body and run it again to resume.
// Usage: courier-download-helper curl|urlSession URL DEST KEY [HOLD]
import Courier
import Foundation
import TestSupport

let arguments = CommandLine.arguments
guard arguments.count >= 5, let kind = TransportUnderTest(rawValue: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: courier-download-helper curl|urlSession URL DEST KEY [HOLD]\n".utf8))
    exit(2)
}
do {
    let client = HTTPClient(configuration: .init(transport: try kind.make()))
    var headers: HTTPHeaders = ["X-Cut-Key": arguments[4]]
    if arguments.count > 5 { headers["X-Hold-After"] = arguments[5] }
    let request = Request<Void>(path: arguments[2], headers: headers)
    let transfer = client.download(request, to: URL(fileURLWithPath: arguments[3]))
    var first: Int64?
    var last: TransferProgress?
    for await progress in transfer.progress where progress.bytesReceived > 0 {
        if first == nil { first = progress.bytesReceived }
        last = progress
    }
    _ = try await transfer.response
    let report: [String: Any] = [
        "first": first ?? 0, "completed": last?.bytesReceived ?? 0, "expected": last?.bytesExpectedToReceive ?? -1,
    ]
    FileHandle.standardOutput.write(try JSONSerialization.data(withJSONObject: report))
} catch {
    FileHandle.standardError.write(Data("download failed: \(error)\n".utf8))
    exit(1)
}
