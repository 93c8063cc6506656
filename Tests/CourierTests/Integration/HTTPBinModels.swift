import Courier
import Foundation

/// httpbin's echo of a request (`/get`, `/post`, `/anything`...).
struct Echo: Decodable, Sendable {
    let args: [String: String]
    let headers: [String: String]
    let url: String
    let form: [String: String]?
    let json: JSON?
    let data: String?
    let files: [String: String]?
    let method: String?
}

/// An example API, modelled the way apps are meant to: static factories returning `Request<T>`.
enum HTTPBin {
    struct Slideshow: Decodable, Sendable {
        struct Show: Decodable, Sendable {
            let author: String
            let title: String
            let slides: [Slide]
        }
        struct Slide: Decodable, Sendable {
            let title: String
            let type: String
        }
        let slideshow: Show
    }

    /// A type whose `title` is declared as a number, to make decoding fail on purpose.
    struct WrongSlideshow: Decodable, Sendable {
        struct Show: Decodable, Sendable {
            struct Slide: Decodable, Sendable { let title: Int }
            let slides: [Slide]
        }
        let slideshow: Show
    }

    static func get(_ query: [URLQueryItem] = []) -> Request<Echo> { Request(path: "/get", query: query) }
    static func anything(_ method: HTTPMethod, body: RequestBody? = nil) -> Request<Echo> {
        Request(method: method, path: "/anything", body: body)
    }
    static let slideshow = Request<Slideshow>(path: "/json")
    static func status(_ code: Int) -> Request<Data> { Request(path: "/status/\(code)") }
    static func redirect(_ times: Int) -> Request<Echo> { Request(path: "/redirect/\(times)") }
    static func basicAuth(user: String, password: String) -> Request<JSON> {
        Request(path: "/basic-auth/\(user)/\(password)")
    }
    static let bearer = Request<JSON>(path: "/bearer")
    static func delay(_ seconds: Int) -> Request<Data> { Request(path: "/delay/\(seconds)") }
}
