import Foundation
import RedditAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A post's picture drawn in the terminal by chafa: kitty's graphics protocol in kitty, sixels
/// in terminals known to show them, else coloured symbols (any terminal with true colour).
///
/// Off when the config file says `"image_preview": false`, under `TERM=dumb` or `NO_COLOR`
/// (symbols are colour), off a terminal, and where chafa or gdk-pixbuf is not installed.
enum ImagePreview {
    /// How chafa draws: its `ChafaPixelMode` numbers.
    enum Mode: Int32, Sendable {
        case symbols = 0
        case sixels = 1
        case kitty = 2
    }

    /// Why there is no preview, or nil when previews are on.
    static func unavailableReason(setting: Bool, environment: [String: String], isTerminal: Bool) -> String? {
        if !setting { return "image previews are off (\"image_preview\": false in the config file)" }
        if !isTerminal { return "image previews need a terminal" }
        if environment["TERM"] == "dumb" { return "image previews are off under TERM=dumb" }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return "image previews are off under NO_COLOR" }
        if Chafa.loaded == nil {
            return "image previews need chafa and gdk-pixbuf (Debian: libchafa-dev, libgdk-pixbuf-2.0-0)"
        }
        return nil
    }

    /// The drawing the terminal named by `environment` shows best.
    static func mode(environment: [String: String]) -> Mode {
        let term = environment["TERM"] ?? ""
        if environment["KITTY_WINDOW_ID"] != nil || term.contains("kitty") { return .kitty }
        if ["foot", "mlterm", "yaft", "contour", "wezterm"].contains(where: { term.hasPrefix($0) }) { return .sixels }
        return .symbols
    }

    /// The picture to preview: the post's first image (a gallery's first item), or the
    /// preview Reddit made of a link or video.
    static func picture(of post: Link) -> String? {
        if let image = PostMedia.items(of: post).first(where: { $0.mimeType.hasPrefix("image/") }) {
            return image.url
        }
        return post.preview?.images.first?.source.url.replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The image file at `path` as terminal output at most `columns` × `rows` cells, keeping its
    /// proportions (a cell taken as twice as tall as wide).
    static func render(file path: String, columns: Int, rows: Int, mode: Mode, environment: [String: String])
        throws(CLIError) -> String
    {
        guard let chafa = Chafa.loaded else {
            throw CLIError("image previews need chafa and gdk-pixbuf (Debian: libchafa-dev, libgdk-pixbuf-2.0-0)")
        }
        guard let pixbuf = path.withCString({ chafa.pixbufNewFromFile($0, nil) }) else {
            throw CLIError("cannot read the picture (not an image gdk-pixbuf knows)")
        }
        defer { chafa.objectUnref(pixbuf) }
        let width = chafa.pixbufWidth(pixbuf)
        let height = chafa.pixbufHeight(pixbuf)
        let channels = chafa.pixbufChannels(pixbuf)
        guard width > 0, height > 0, channels == 3 || channels == 4, let pixels = chafa.pixbufPixels(pixbuf) else {
            throw CLIError("cannot read the picture's pixels")
        }
        var cellsWide = Int32(max(1, columns))
        var cellsHigh = Int32(max(1, rows))
        chafa.calcGeometry(width, height, &cellsWide, &cellsHigh, 0.5, 1, 0)
        guard let symbols = chafa.symbolMapNew(), let config = chafa.configNew() else {
            throw CLIError("chafa could not start")
        }
        defer {
            chafa.configUnref(config)
            chafa.symbolMapUnref(symbols)
        }
        chafa.symbolMapAddByTags(symbols, Chafa.allSymbols)
        chafa.configSetGeometry(config, cellsWide, cellsHigh)
        chafa.configSetCanvasMode(config, Chafa.canvasTrueColor)
        chafa.configSetPixelMode(config, mode.rawValue)
        chafa.configSetSymbolMap(config, symbols)
        guard let canvas = chafa.canvasNew(config) else { throw CLIError("chafa could not start") }
        defer { chafa.canvasUnref(canvas) }
        chafa.canvasDrawAllPixels(
            canvas, channels == 4 ? Chafa.pixelRGBA8 : Chafa.pixelRGB8, pixels, width, height,
            chafa.pixbufRowstride(pixbuf))
        let termInfo = mode == .symbols ? nil : terminalInfo(chafa, environment: environment)
        defer { termInfo.map(chafa.termInfoUnref) }
        guard let printed = chafa.canvasPrint(canvas, termInfo) else { throw CLIError("chafa drew nothing") }
        // A GString: its first field is the text.
        let text = printed.pointee.map { String(cString: $0) } ?? ""
        _ = chafa.stringFree(UnsafeMutableRawPointer(printed), 1)
        return text
    }

    /// chafa's description of the terminal `environment` names (for the sixel and kitty
    /// sequences).
    private static func terminalInfo(_ chafa: Chafa, environment: [String: String]) -> Chafa.Pointer? {
        guard let database = chafa.termDbGetDefault() else { return nil }
        var variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for variable in variables { free(variable) } }
        return variables.withUnsafeMutableBufferPointer { chafa.termDbDetect(database, $0.baseAddress) }
    }
}
