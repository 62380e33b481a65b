import FeedImport
import Foundation
import Imaging
import Network
import SDLPlatform

/// The window's remote images (`ResourceLocator.url`): the platform's `RemoteImageFetching` over the
/// network layer's `ImageBytesFetcher` over the process's one client and web cache (`WebServices`,
/// `$XDG_CACHE_HOME/plumage/web`, shared with live pages and `dump`). They are made on the first
/// remote image or page, so a run that shows none (a snapshot of an archive) never touches the cache.
final class RemoteImages: RemoteImageFetching {
    /// The process environment the client and the cache folder are configured from.
    private let environment: [String: String]

    /// Remote images configured from `environment` (proxies, CA bundle, `XDG_CACHE_HOME`).
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// The bytes at `url` from the web cache or the network; a failure reads `cannot read: <reason>`.
    func bytes(of url: String, cancellation: RemoteFetchCancellation) -> Result<[UInt8], ImageError> {
        let http = HTTPCancellation()
        cancellation.onCancel { http.cancel() }
        do {
            return .success(try shared().bytes(of: url, cancellation: http))
        } catch {
            return .failure(.cannotRead(error.description))
        }
    }

    /// The fetcher over the process's one client and cache (made on the first call).
    private func shared() -> ImageBytesFetcher {
        let services = WebServices.shared(environment: environment)
        return ImageBytesFetcher(client: services.client, cache: services.cache)
    }
}
