import Imaging

/// Every image the screens want, owned by the core (the model: Dear ImGui's texture states, where
/// the backend only executes what the core's data asks for). After each frame the ledger learns
/// what the frame shows and which images come next (`want(_:)`), and returns the work for the
/// platform: loads of new images (on screen first, then nearest first) and cancels of loads no
/// frame has wanted for `staleFrames` frames. Statuses change only through platform news
/// (`apply(_:_:)`). Policy lives here and nowhere else: priorities, when to give up on a load,
/// which failures are remembered, and placeholder versus spinner versus failure icon (`resolved(_:)`).
public struct ResourceLedger: Sendable {
    /// What the ledger knows of one image.
    public struct Entry: Hashable, Sendable {
        /// The id the platform's news uses.
        public var id: ResourceID
        /// Where it stands.
        public var status: ResourceStatus
        /// The priority it was last handed to the platform with.
        public var priority: Int
        /// The frame count when a frame last wanted it.
        public var lastWanted: Int
    }

    /// Frames (~half a second at 60 Hz) a load may go unwanted before it is cancelled: rows
    /// scrolled far away stop costing decodes.
    public static let staleFrames = 30
    /// Most failures remembered (all are forgotten beyond it, so a file fixed since is retried).
    public static let failureLimit = 4096
    /// The priority of images on screen.
    public static let onScreen = 10

    /// Entries by image.
    public private(set) var entries: [ImageRequest: Entry] = [:]
    /// The image of each id still in `entries`.
    private var images: [ResourceID: ImageRequest] = [:]
    /// Ids of entries loading now (the only ones that can go stale).
    private var loading: Set<ResourceID> = []
    /// Number of failed entries.
    private var failures = 0
    /// Ids of the images the last frame drew with a spinner over them that are still loading.
    private var spinning: Set<ResourceID> = []
    /// Frames recorded so far.
    public private(set) var frameNumber = 0
    /// The last id handed out.
    private var lastID = 0

    /// An empty ledger.
    public init() {}

    /// The priority of the `index`-th image of a frame's upcoming list (nearest first): 9 for the
    /// first four, one less for each four after, never below 0.
    public static func priority(upcomingIndex index: Int) -> Int { max(0, 9 - index / 4) }

    /// Where `image` stands; nil when no frame has wanted it (or it was forgotten).
    public func status(of image: ImageRequest) -> ResourceStatus? { entries[image]?.status }

    /// The image `id` names, while the ledger remembers it.
    public func image(of id: ResourceID) -> ImageRequest? { images[id] }

    /// Number of images handed to the platform and not answered yet.
    public var loadingCount: Int { loading.count }

    /// True while the last frame shows a spinner over an image still loading: the app keeps
    /// drawing frames (the spinner turns) until the image arrives or fails.
    public var showsSpinner: Bool { !spinning.isEmpty }

    /// Where a spinner goes while `image` loads in `rect` over a solid `placeholder`, if it gets
    /// one: a remote image (`.url`) big enough (`ActivitySpinner.frame(over:)`) — a BlurHash or a
    /// local file has none (the hash is its own placeholder, a file decodes at once), nor an image
    /// drawn over another one (no placeholder: a BlurHash is under it).
    public static func spinnerFrame(_ image: ImageRequest, in rect: Rect, placeholder: RGBA?) -> Rect? {
        guard placeholder != nil, case .url = image.source else { return nil }
        return ActivitySpinner.frame(over: rect)
    }

    /// Records one frame's wants — the images it draws (`Frame.shownImages`) and those the next
    /// frames will likely draw (`Lookahead.images`, nearest first) — and returns what the platform
    /// should do: load new or more urgent images, cancel loads gone stale.
    public mutating func want(_ frame: Frame, ahead: Lookahead) -> [Effect] {
        let effects = want(shown: frame.shownImages, upcoming: ahead.images)
        spinning = []
        for case let .image(image, rect, placeholder, _) in frame.commands
        where Self.spinnerFrame(image, in: rect, placeholder: placeholder) != nil {
            if let entry = entries[image], entry.status == .loading { spinning.insert(entry.id) }
        }
        return effects
    }

    /// `want(_:)` with the lists given directly.
    public mutating func want(shown: [ImageRequest], upcoming: [ImageRequest]) -> [Effect] {
        frameNumber += 1
        var loads: [ResourceRequest] = []
        for image in shown { touch(image, priority: Self.onScreen, into: &loads) }
        for (i, image) in upcoming.enumerated() { touch(image, priority: Self.priority(upcomingIndex: i), into: &loads) }
        var effects: [Effect] = []
        let stale = frameNumber - Self.staleFrames
        let dropped = loading.filter { id in images[id].flatMap { entries[$0] }.map { $0.lastWanted < stale } ?? true }
            .sorted()
        if !dropped.isEmpty {
            for id in dropped { forget(id) }
            effects.append(.cancelImages(dropped))
        }
        if !loads.isEmpty { effects.append(.loadImages(loads)) }
        return effects
    }

    /// Marks `image` wanted at `priority` this frame; a new image, or one loading at a lower
    /// priority than it is wanted at now, goes into `loads`.
    private mutating func touch(_ image: ImageRequest, priority: Int, into loads: inout [ResourceRequest]) {
        if var entry = entries[image] {
            entry.lastWanted = frameNumber
            let raise = entry.status == .loading && priority > entry.priority
            if raise { entry.priority = priority }
            entries[image] = entry
            if raise {
                loads.append(ResourceRequest(id: entry.id, image: image, priority: priority, generation: frameNumber))
            }
            return
        }
        lastID += 1
        let id = ResourceID(lastID)
        entries[image] = Entry(id: id, status: .loading, priority: priority, lastWanted: frameNumber)
        images[id] = image
        loading.insert(id)
        loads.append(ResourceRequest(id: id, image: image, priority: priority, generation: frameNumber))
    }

    /// Applies platform news about `id`; news about an id the ledger has forgotten is dropped.
    public mutating func apply(_ id: ResourceID, _ status: ResourceStatus) {
        guard let image = images[id], var entry = entries[image] else { return }
        switch status {
        case .released:
            forget(id)
        case .wanted, .loading:
            break
        case .ready, .failed:
            if case .failed = entry.status {} else if case .failed = status { failures += 1 }
            entry.status = status
            entries[image] = entry
            loading.remove(id)
            spinning.remove(id)
            if failures > Self.failureLimit { forgetFailures() }
        }
    }

    /// Removes the entry of `id`.
    private mutating func forget(_ id: ResourceID) {
        guard let image = images.removeValue(forKey: id) else { return }
        if case .failed? = entries.removeValue(forKey: image)?.status { failures -= 1 }
        loading.remove(id)
        spinning.remove(id)
    }

    /// Forgets every failure, so each is tried again when next wanted.
    private mutating func forgetFailures() {
        for (image, entry) in entries {
            if case .failed = entry.status {
                entries.removeValue(forKey: image)
                images.removeValue(forKey: entry.id)
            }
        }
        failures = 0
    }

    /// `frame` at `time` as the platform should draw it: an image whose load failed gets, after its
    /// placeholder, the broken-image icon the screen asked for (a third of the shorter side,
    /// centred, in device pixels); a remote image still loading over a solid placeholder gets the
    /// spinner over it (`spinnerFrame`, tinted for the placeholder, turned to `time`); every other image draws its pixels once uploaded and its placeholder until then.
    public func resolved(_ frame: Frame, scale: DisplayScale, at time: Seconds) -> Frame {
        guard failures > 0 || !loading.isEmpty else { return frame }
        var out = frame
        out.commands = []
        out.commands.reserveCapacity(frame.commands.count + 4)
        for command in frame.commands {
            guard case let .image(image, rect, placeholder, icon) = command, let status = entries[image]?.status else {
                out.commands.append(command)
                continue
            }
            if status == .loading, let placeholder,
               let square = Self.spinnerFrame(image, in: rect, placeholder: placeholder) {
                out.commands.append(command)
                out.commands.append(.spinner(square, ActivitySpinner.color(over: placeholder),
                                             head: ActivitySpinner.head(at: time)))
                continue
            }
            guard let icon, case .failed = status else {
                out.commands.append(command)
                continue
            }
            out.commands.append(.image(image, rect, placeholder: placeholder, failureIcon: nil))
            let target = scale.pixels(rect)
            let side = min(target.width, target.height) / 3
            let iconRect = PixelRect(x: target.x + (target.width - side) / 2, y: target.y + (target.height - side) / 2,
                                     width: side, height: side)
            out.commands.append(.icon(.brokenImage, scale.points(iconRect), icon))
        }
        return out
    }
}
