import Imaging

/// Where one resource stands. The ledger sets `wanted` and `loading` itself; the rest arrives only
/// as platform news (`InputEvent.resource`).
public enum ResourceStatus: Hashable, Sendable, CustomStringConvertible {
    /// Asked for by a frame, not yet handed to the platform.
    case wanted
    /// Handed to the platform (`Effect.loadImages`), no answer yet.
    case loading
    /// Uploaded and drawable, at this size in device pixels.
    case ready(PixelSize)
    /// Cannot be made, and why (not retried while the ledger remembers it).
    case failed(ImageError)
    /// News only: the platform let the pixels go (its texture budget evicted them); the ledger
    /// forgets the entry and asks again when a frame wants it.
    case released

    public var description: String {
        switch self {
        case .wanted: "wanted"
        case .loading: "loading"
        case let .ready(size): "ready \(size)"
        case let .failed(error): "failed \(error)"
        case .released: "released"
        }
    }
}
