/// One image the core hands the platform to make (decode, scale, mask, blur, upload): what, how
/// urgently, and under which id the answer comes back.
public struct ResourceRequest: Hashable, Sendable, CustomStringConvertible {
    /// The id news about it carries.
    public var id: ResourceID
    /// The pixels wanted.
    public var image: ImageRequest
    /// Higher runs first: 10 on screen, 9…0 for rows further ahead (`ResourceLedger.priority`).
    public var priority: Int
    /// The ledger's frame count when it was asked for (later requests of equal priority run later).
    public var generation: Int
    /// Creates a request.
    public init(id: ResourceID, image: ImageRequest, priority: Int, generation: Int) {
        self.id = id; self.image = image; self.priority = priority; self.generation = generation
    }
    public var description: String { "\(id) \(image) p\(priority)" }
}
