import Foundation

/// `v`: the selected post's picture drawn over the screen by chafa until the next key.
extension BrowseSession {
    func preview(on state: inout BrowseState) async throws(CLIError) {
        guard let post = state.selectedPost, let url = ImagePreview.picture(of: post) else {
            state.status = "no picture in this post"
            return
        }
        if let reason = ImagePreview.unavailableReason(
            setting: imagePreview, environment: environment, isTerminal: true)
        {
            state.status = reason
            return
        }
        guard !offline else {
            state.status = "offline: pictures are not recorded; previews work online (o opens \(url))"
            return
        }
        let file = try await MediaDownload.temporaryFile(from: url)
        defer { try? FileManager.default.removeItem(at: file) }
        let size = RawTerminal.size() ?? (80, 24)
        let mode = ImagePreview.mode(environment: environment)
        let picture = try ImagePreview.render(
            file: file.path, columns: size.columns, rows: max(1, size.rows - 1), mode: mode, environment: environment)
        let footer = TextLayout.truncate("picture of \(url) · any key goes back", to: max(1, size.columns))
        RawTerminal.emit(
            "\u{1B}[H\u{1B}[2J" + picture.replacingOccurrences(of: "\n", with: "\r\n") + "\u{1B}[0m\r\n" + footer)
        state.showsPreview = true
    }
}
