import Courier
import Foundation

/// A post's picture or video fetched into a temporary file: for `v` (chafa reads files) and for
/// mailcap programs that read the data on standard input.
enum MediaDownload {
    /// Downloads `url` into a new temporary file (the caller removes it) and returns it.
    static func temporaryFile(from url: String, userAgent: String = CLIConfiguration.defaultUserAgent)
        async throws(CLIError) -> URL
    {
        let client = HTTPClient(baseURL: nil)
        var request = Request<Data>(path: url)
        request.headers["User-Agent"] = userAgent
        request.timeout = .seconds(30)
        let data: Data
        do {
            data = try await client.send(request).value
        } catch {
            throw CLIError("cannot fetch \(url): \(error.description)")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("reddit-media-\(UUID().uuidString)")
        do {
            try data.write(to: file)
        } catch {
            throw CLIError("cannot keep the download in a temporary file: \(error.localizedDescription)")
        }
        return file
    }
}
