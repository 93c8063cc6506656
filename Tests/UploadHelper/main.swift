// A child process for the upload memory test: it uploads a file and reports how much its own peak
// resident memory (VmHWM) grew while the file went out, so a file larger than the bound proves the
// body is streamed from disk. Usage: courier-upload-helper curl|urlSession URL FILE
import Courier
import Foundation
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The process's peak resident set so far, in bytes (Linux's VmHWM).
func peakResidentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    else { return -1 }
    return kilobytes * 1024
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let kind = TransportUnderTest(rawValue: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: courier-upload-helper curl|urlSession URL FILE\n".utf8))
    exit(2)
}
do {
    let client = HTTPClient(configuration: .init(transport: try kind.make()))
    // A small upload first: libraries, the connection and the pipeline's first allocations are
    // in place before the measurement starts.
    let warmUp = Data(repeating: 7, count: 1 << 16)
    _ = try await client.send(
        Request<Data>(method: .post, path: arguments[2], body: .data(warmUp, contentType: "application/octet-stream")))
    let before = peakResidentBytes()
    let response = try await client.send(
        Request<Data>(
            method: .post, path: arguments[2],
            body: .file(URL(fileURLWithPath: arguments[3]), contentType: "application/octet-stream")))
    let after = peakResidentBytes()
    let report: [String: Any] = [
        "growth": after - before, "before": before, "after": after,
        "response": String(decoding: response.value, as: UTF8.self),
    ]
    FileHandle.standardOutput.write(try JSONSerialization.data(withJSONObject: report))
} catch {
    FileHandle.standardError.write(Data("upload failed: \(error)\n".utf8))
    exit(1)
}
