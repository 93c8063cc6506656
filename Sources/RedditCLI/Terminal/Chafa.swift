#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few functions of Debian's chafa (terminal graphics: symbols, sixel, kitty) and of
/// gdk-pixbuf (which reads JPEG, PNG, GIF and more into pixels) that ``ImagePreview`` calls,
/// loaded at run time as cmark-gfm and libcurl are, so that the package builds and `reddit`
/// runs where they are absent (Debian: `libchafa-dev`, `libgdk-pixbuf-2.0-0`).
///
/// The declarations are the public C API of `chafa.h` (chafa 1.12) and `gdk-pixbuf.h`; the
/// enum values below are those headers' numbering.
struct Chafa: Sendable {
    typealias Pointer = OpaquePointer

    let symbolMapNew: @convention(c) () -> Pointer?
    let symbolMapAddByTags: @convention(c) (Pointer, Int32) -> Void
    let symbolMapUnref: @convention(c) (Pointer) -> Void
    let configNew: @convention(c) () -> Pointer?
    let configSetGeometry: @convention(c) (Pointer, Int32, Int32) -> Void
    let configSetCanvasMode: @convention(c) (Pointer, Int32) -> Void
    let configSetPixelMode: @convention(c) (Pointer, Int32) -> Void
    let configSetSymbolMap: @convention(c) (Pointer, Pointer) -> Void
    let configUnref: @convention(c) (Pointer) -> Void
    let canvasNew: @convention(c) (Pointer) -> Pointer?
    let canvasDrawAllPixels: @convention(c) (Pointer, Int32, UnsafePointer<UInt8>, Int32, Int32, Int32) -> Void
    let canvasPrint: @convention(c) (Pointer, Pointer?) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    let canvasUnref: @convention(c) (Pointer) -> Void
    let calcGeometry:
        @convention(c) (Int32, Int32, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, Float, Int32, Int32) ->
            Void
    let termDbGetDefault: @convention(c) () -> Pointer?
    let termDbDetect: @convention(c) (Pointer, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Pointer?
    let termInfoUnref: @convention(c) (Pointer) -> Void
    /// `g_string_free(string, TRUE)`: the GString `chafa_canvas_print` returns.
    let stringFree: @convention(c) (UnsafeMutableRawPointer, Int32) -> UnsafeMutablePointer<CChar>?
    let pixbufNewFromFile: @convention(c) (UnsafePointer<CChar>, UnsafeMutableRawPointer?) -> Pointer?
    let pixbufWidth: @convention(c) (Pointer) -> Int32
    let pixbufHeight: @convention(c) (Pointer) -> Int32
    let pixbufRowstride: @convention(c) (Pointer) -> Int32
    let pixbufChannels: @convention(c) (Pointer) -> Int32
    let pixbufPixels: @convention(c) (Pointer) -> UnsafeMutablePointer<UInt8>?
    let objectUnref: @convention(c) (Pointer) -> Void

    /// `CHAFA_PIXEL_RGBA8_UNASSOCIATED` and `CHAFA_PIXEL_RGB8`.
    static let pixelRGBA8: Int32 = 4
    static let pixelRGB8: Int32 = 8
    /// `CHAFA_CANVAS_MODE_TRUECOLOR`.
    static let canvasTrueColor: Int32 = 0
    /// `CHAFA_SYMBOL_TAG_ALL`: every symbol but the ambiguous, ugly and extra ones.
    static let allSymbols: Int32 = ~Int32((1 << 30) | (1 << 19) | (1 << 20))

    /// chafa and gdk-pixbuf loaded once per process, or nil when either is not installed.
    static let loaded: Chafa? = load()

    private static func load() -> Chafa? {
        #if canImport(Darwin)
        let chafaNames = ["libchafa.0.dylib", "libchafa.dylib"]
        let pixbufNames = ["libgdk_pixbuf-2.0.0.dylib", "libgdk_pixbuf-2.0.dylib"]
        let glibNames = ["libglib-2.0.0.dylib"]
        let gobjectNames = ["libgobject-2.0.0.dylib"]
        #else
        let chafaNames = ["libchafa.so.0", "libchafa.so"]
        let pixbufNames = ["libgdk_pixbuf-2.0.so.0"]
        let glibNames = ["libglib-2.0.so.0"]
        let gobjectNames = ["libgobject-2.0.so.0"]
        #endif
        guard let chafa = DynamicLibrary.open(chafaNames), let pixbuf = DynamicLibrary.open(pixbufNames),
            let glib = DynamicLibrary.open(glibNames), let gobject = DynamicLibrary.open(gobjectNames)
        else { return nil }
        func symbol<T>(_ handle: UnsafeMutableRawPointer, _ name: String, as type: T.Type) -> T? {
            DynamicLibrary.symbol(handle, name, as: type)
        }
        guard
            let symbolMapNew = symbol(chafa, "chafa_symbol_map_new", as: (@convention(c) () -> Pointer?).self),
            let symbolMapAddByTags = symbol(
                chafa, "chafa_symbol_map_add_by_tags", as: (@convention(c) (Pointer, Int32) -> Void).self),
            let symbolMapUnref = symbol(chafa, "chafa_symbol_map_unref", as: (@convention(c) (Pointer) -> Void).self),
            let configNew = symbol(chafa, "chafa_canvas_config_new", as: (@convention(c) () -> Pointer?).self),
            let configSetGeometry = symbol(
                chafa, "chafa_canvas_config_set_geometry", as: (@convention(c) (Pointer, Int32, Int32) -> Void).self),
            let configSetCanvasMode = symbol(
                chafa, "chafa_canvas_config_set_canvas_mode", as: (@convention(c) (Pointer, Int32) -> Void).self),
            let configSetPixelMode = symbol(
                chafa, "chafa_canvas_config_set_pixel_mode", as: (@convention(c) (Pointer, Int32) -> Void).self),
            let configSetSymbolMap = symbol(
                chafa, "chafa_canvas_config_set_symbol_map", as: (@convention(c) (Pointer, Pointer) -> Void).self),
            let configUnref = symbol(chafa, "chafa_canvas_config_unref", as: (@convention(c) (Pointer) -> Void).self),
            let canvasNew = symbol(chafa, "chafa_canvas_new", as: (@convention(c) (Pointer) -> Pointer?).self),
            let canvasDrawAllPixels = symbol(
                chafa, "chafa_canvas_draw_all_pixels",
                as: (@convention(c) (Pointer, Int32, UnsafePointer<UInt8>, Int32, Int32, Int32) -> Void).self),
            let canvasPrint = symbol(
                chafa, "chafa_canvas_print",
                as: (@convention(c) (Pointer, Pointer?) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?).self),
            let canvasUnref = symbol(chafa, "chafa_canvas_unref", as: (@convention(c) (Pointer) -> Void).self),
            let calcGeometry = symbol(
                chafa, "chafa_calc_canvas_geometry",
                as: (@convention(c) (
                    Int32, Int32, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, Float, Int32, Int32
                ) -> Void).self),
            let termDbGetDefault = symbol(chafa, "chafa_term_db_get_default", as: (@convention(c) () -> Pointer?).self),
            let termDbDetect = symbol(
                chafa, "chafa_term_db_detect",
                as: (@convention(c) (Pointer, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Pointer?).self),
            let termInfoUnref = symbol(chafa, "chafa_term_info_unref", as: (@convention(c) (Pointer) -> Void).self),
            let stringFree = symbol(
                glib, "g_string_free",
                as: (@convention(c) (UnsafeMutableRawPointer, Int32) -> UnsafeMutablePointer<CChar>?).self),
            let pixbufNewFromFile = symbol(
                pixbuf, "gdk_pixbuf_new_from_file",
                as: (@convention(c) (UnsafePointer<CChar>, UnsafeMutableRawPointer?) -> Pointer?).self),
            let pixbufWidth = symbol(pixbuf, "gdk_pixbuf_get_width", as: (@convention(c) (Pointer) -> Int32).self),
            let pixbufHeight = symbol(pixbuf, "gdk_pixbuf_get_height", as: (@convention(c) (Pointer) -> Int32).self),
            let pixbufRowstride = symbol(
                pixbuf, "gdk_pixbuf_get_rowstride", as: (@convention(c) (Pointer) -> Int32).self),
            let pixbufChannels = symbol(
                pixbuf, "gdk_pixbuf_get_n_channels", as: (@convention(c) (Pointer) -> Int32).self),
            let pixbufPixels = symbol(
                pixbuf, "gdk_pixbuf_get_pixels", as: (@convention(c) (Pointer) -> UnsafeMutablePointer<UInt8>?).self),
            let objectUnref = symbol(gobject, "g_object_unref", as: (@convention(c) (Pointer) -> Void).self)
        else { return nil }
        return Chafa(
            symbolMapNew: symbolMapNew, symbolMapAddByTags: symbolMapAddByTags, symbolMapUnref: symbolMapUnref,
            configNew: configNew, configSetGeometry: configSetGeometry, configSetCanvasMode: configSetCanvasMode,
            configSetPixelMode: configSetPixelMode, configSetSymbolMap: configSetSymbolMap, configUnref: configUnref,
            canvasNew: canvasNew, canvasDrawAllPixels: canvasDrawAllPixels, canvasPrint: canvasPrint,
            canvasUnref: canvasUnref, calcGeometry: calcGeometry, termDbGetDefault: termDbGetDefault,
            termDbDetect: termDbDetect, termInfoUnref: termInfoUnref, stringFree: stringFree,
            pixbufNewFromFile: pixbufNewFromFile,
            pixbufWidth: pixbufWidth, pixbufHeight: pixbufHeight, pixbufRowstride: pixbufRowstride,
            pixbufChannels: pixbufChannels, pixbufPixels: pixbufPixels, objectUnref: objectUnref)
    }
}
