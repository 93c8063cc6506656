public import Courier
public import Foundation

extension Reddit {
    /// Asks for an upload lease for one file (`/api/media/asset.json`).
    public static func mediaLease(filename: String, mimeType: String) -> Request<MediaLease> {
        post("/api/media/asset.json", ["filepath": filename, "mimetype": mimeType]).reading(MediaLease.self) { $0 }
    }
}

extension RedditClient {
    /// Uploads a file for an image, video or gallery post: takes a lease from Reddit, then POSTs
    /// the file as `multipart/form-data` to the lease's upload URL with every lease field first,
    /// and reads S3's `201` XML answer.
    ///
    /// The upload goes through a separate plain client on `uploadTransport`: it carries no
    /// Reddit token and no Reddit rate limiting (S3 sends no rate-limit headers).
    ///
    /// ```swift
    /// let image = try await reddit.upload(pngData, filename: "cat.png", mimeType: "image/png")
    /// let post = try await reddit.send(Reddit.submitImage(subreddit: "test", title: "Cat", imageURL: image.url))
    /// ```
    public func upload(
        _ file: Data, filename: String, mimeType: String,
        uploadTransport: any HTTPTransport = HTTPClient.defaultTransport
    ) async throws(HTTPError) -> UploadedMedia {
        try await upload(.data(file), filename: filename, mimeType: mimeType, uploadTransport: uploadTransport)
    }

    /// Uploads the image or video file at `file` like ``upload(_:filename:mimeType:uploadTransport:)``,
    /// reading it from disk while it is sent: a large video is never loaded into memory, and a
    /// retry or redirect sends it whole again.
    ///
    /// ```swift
    /// let video = try await reddit.upload(fileAt: URL(fileURLWithPath: "/tmp/clip.mp4"), mimeType: "video/mp4")
    /// ```
    ///
    /// - Parameters:
    ///   - file: The file to upload; its name is the one Reddit records.
    ///   - mimeType: The file's type (`image/png`, `video/mp4`...).
    ///   - uploadTransport: The transport that sends the file to the upload URL.
    /// - Throws: `HTTPError` with `.invalidRequest` when the
    ///   file cannot be read, before anything is sent (no lease is taken).
    public func upload(
        fileAt file: URL, mimeType: String, uploadTransport: any HTTPTransport = HTTPClient.defaultTransport
    ) async throws(HTTPError) -> UploadedMedia {
        guard FileManager.default.isReadableFile(atPath: file.path) else {
            throw HTTPError(
                .invalidRequest(
                    reason: "the media file \(file.path) does not exist or is not readable",
                    underlying: URLError(.fileDoesNotExist)),
                method: .post, url: nil)
        }
        return try await upload(
            .file(file), filename: file.lastPathComponent, mimeType: mimeType, uploadTransport: uploadTransport)
    }

    private func upload(
        _ content: RequestBody.Multipart.Part.Content, filename: String, mimeType: String,
        uploadTransport: any HTTPTransport
    ) async throws(HTTPError) -> UploadedMedia {
        let (lease, url) = try await upload(
            content, filename: filename, mimeType: mimeType,
            lease: Reddit.mediaLease(filename: filename, mimeType: mimeType), uploadTransport: uploadTransport)
        return UploadedMedia(assetID: lease.assetID, url: url, websocketURL: lease.websocketURL)
    }

    /// Takes the lease `leaseRequest` asks for, then POSTs the file as `multipart/form-data` to
    /// the lease's upload URL with every lease field first, through a plain client on
    /// `uploadTransport` (no Reddit token, no Reddit rate limiting), and reads S3's `201` XML
    /// answer. Answers with the lease and the uploaded file's URL (the upload URL and the key).
    func upload(
        _ content: RequestBody.Multipart.Part.Content, filename: String, mimeType: String,
        lease leaseRequest: Request<MediaLease>, uploadTransport: any HTTPTransport
    ) async throws(HTTPError) -> (lease: MediaLease, url: String) {
        let lease = try await send(leaseRequest)
        var form = RequestBody.Multipart()
        for field in lease.fields { form.add(name: field.name, value: field.value) }
        switch content {
        case .data(let data): form.add(name: "file", filename: filename, contentType: mimeType, data: data)
        case .file(let url): form.add(name: "file", filename: filename, contentType: mimeType, file: url)
        }
        let uploader = HTTPClient(configuration: HTTPClient.Configuration(transport: uploadTransport))
        let request = Request<S3PostResponse>(
            method: .post, path: lease.uploadURL.absoluteString, body: .multipart(form)
        ) { data, _, _ in
            guard let answer = S3PostResponse(data) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: [], debugDescription: "not an S3 PostResponse with Location and Key"))
            }
            return answer
        }
        let answer = try await uploader.send(request).value
        var base = lease.uploadURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return (lease, base + "/" + answer.key)
    }
}
