/// How much a request may take before it fails: the figures of issue 19. Feeds and images differ
/// only in body size and total time.
public struct HTTPLimits: Sendable, Equatable {
    /// Most time to establish the connection (DNS, TCP, TLS); 10 s by default.
    public var connect: Duration
    /// Most time without a single byte arriving before the transfer counts as stalled (libcurl's
    /// `LOW_SPEED_TIME` with a limit of 1 byte/s, whole seconds, at least 1 s); 15 s by default.
    public var stall: Duration
    /// Most time for the whole transfer, redirects included (a slow drip ends here).
    public var total: Duration
    /// Most body bytes after decompression; the transfer is aborted as soon as more arrive.
    public var maxBodyBytes: Int
    /// Most redirects followed; one more fails. libcurl 7.88 would follow without end.
    public var maxRedirects: Int

    /// A feed or API page: 16 MiB, 60 s in all.
    public static let feed = HTTPLimits(maxBodyBytes: 16 << 20, total: .seconds(60))
    /// An image or avatar: 64 MiB, 120 s in all (four times the bytes of a feed at twice the time,
    /// so a large photo on a slow link still arrives).
    public static let image = HTTPLimits(maxBodyBytes: 64 << 20, total: .seconds(120))

    /// Limits with the given figures; the defaults are the feed's.
    public init(
        maxBodyBytes: Int = 16 << 20, total: Duration = .seconds(60), connect: Duration = .seconds(10),
        stall: Duration = .seconds(15), maxRedirects: Int = 5
    ) {
        self.maxBodyBytes = maxBodyBytes
        self.total = total
        self.connect = connect
        self.stall = stall
        self.maxRedirects = maxRedirects
    }

    /// `duration` in whole milliseconds, at least 1.
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }

    /// The stall limit in whole seconds, rounded up, at least 1 (libcurl counts it in seconds).
    var stallSeconds: Int { max(1, (Self.milliseconds(stall) + 999) / 1000) }
}
