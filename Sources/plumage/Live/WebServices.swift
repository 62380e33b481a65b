import FeedImport
import Foundation
import Locking
import Network

/// The process's one HTTP client and web cache, shared by live pages and remote images, so every
/// request of the run reuses the client's pooled connections (a page and its 200 images from one
/// server: one connection or a few, not 200) and one cache keeps their bytes. Made on first use:
/// a run that fetches nothing never opens the cache folder (its scan costs tens of milliseconds).
enum WebServices {
    /// The client and cache once made.
    private static let made = Locked<(client: HTTPClient, cache: WebCache?)?>(nil)

    /// The shared client and cache, made from `environment` by the first caller (proxies, CA
    /// bundle, `XDG_CACHE_HOME`); nil cache when its folder cannot be used.
    static func shared(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> (client: HTTPClient, cache: WebCache?)
    {
        made.withLock { made in
            if let made { return made }
            let client = HTTPClient(configuration: .fromEnvironment(version: PlumageVersion.number, environment: environment))
            let cache = WebCache(folder: UserDirectories.cache(environment: environment) + "/" + WebCache.subfolder)
            made = (client, cache)
            return (client, cache)
        }
    }
}
