// A writer for CourierStore's crash-safety tests. It writes in a loop until it is killed and
// reports on stdout what is known to be durable:
//
//   courier-store-crash-helper document FILE   saves CrashSample values; prints "durable N"
//                                              after each flush
//   courier-store-crash-helper cache FILE      stores generated responses through a
//                                              ResponseCache of CrashResponses.maximumSize bytes
//
// It prints "ready" once it has started writing.
import Courier
import CourierStore
import Foundation
import TestSupport

/// Writes a line to stdout at once (unbuffered), so nothing reported is lost when killed.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fail("usage: courier-store-crash-helper document|cache FILE") }
let file = URL(fileURLWithPath: arguments[2])

switch arguments[1] {
case "document":
    let store = DocumentStore<CrashSample>(fileURL: file)
    var counter: Int
    do {
        counter = try store.load()?.counter ?? 0
    } catch {
        fail("load failed: \(error)")
    }
    say("ready")
    while true {
        // Several saves per flush, so coalescing is part of what gets killed.
        for _ in 0..<3 {
            counter += 1
            store.save(CrashSample(counter: counter))
        }
        do {
            try await store.flush()
        } catch {
            fail("flush failed: \(error)")
        }
        say("durable \(counter)")
    }
case "cache":
    let cache: ResponseCache
    do {
        cache = try ResponseCache(fileURL: file, configuration: .init(maximumSize: CrashResponses.maximumSize))
    } catch {
        fail("cannot open the cache: \(error)")
    }
    let client = HTTPClient(baseURL: CrashResponses.baseURL, transport: CrashResponses.transport()) {
        $0.interceptors = [cache]
    }
    var seed = Int.random(in: 0..<1_000_000)
    var ready = false
    while true {
        seed += 1
        let request = CrashResponses.request(seed).cachePolicy(.reloadIgnoringCache)
        do {
            _ = try await client.send(request)
        } catch {
            fail("request failed: \(error)")
        }
        if !ready {
            ready = true
            say("ready")
        }
    }
default:
    fail("unknown mode \(arguments[1])")
}
