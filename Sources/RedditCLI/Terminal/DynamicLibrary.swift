#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Libraries `reddit` uses when the system has them (cmark-gfm, chafa), loaded at run time so
/// that the package builds and runs without them.
enum DynamicLibrary {
    /// The first of `names` that loads, or nil when none does.
    static func open(_ names: [String]) -> UnsafeMutableRawPointer? {
        for name in names {
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return handle }
        }
        return nil
    }

    /// The function `name` of `handle` as the C function type `type`, or nil when it is missing.
    static func symbol<T>(_ handle: UnsafeMutableRawPointer, _ name: String, as type: T.Type) -> T? {
        dlsym(handle, name).map { unsafeBitCast($0, to: type) }
    }
}
