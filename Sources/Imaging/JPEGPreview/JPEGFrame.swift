/// One component of a JPEG frame and where its blocks live in the preview decoder's coefficient store.
struct JPEGComponent {
    /// The identifier scans use to name the component.
    let id: UInt8
    /// Horizontal sampling factor (1 or 2).
    let horizontalSampling: Int
    /// Vertical sampling factor (1 or 2).
    let verticalSampling: Int
    /// The DQT slot (0…3) holding the component's quantisation table.
    let quantisationSlot: Int
    /// Blocks per row that carry the component's pixels: ceil(componentWidth / 8), the extent of a
    /// non-interleaved scan (not padded to whole MCUs).
    let blocksWide: Int
    /// Rows of blocks that carry the component's pixels: ceil(componentHeight / 8).
    let blocksHigh: Int
    /// Blocks per row in the MCU-padded grid that interleaved scans fill; the store's row stride.
    let paddedBlocksWide: Int
    /// Rows of blocks in the MCU-padded grid.
    let paddedBlocksHigh: Int
    /// Index in the coefficient store of the component's first block.
    let storeOffset: Int
}

/// A progressive frame header (SOF2): image size, components and the MCU grid, validated against
/// what the preview decoder handles (8-bit, 1 or 3 components, sampling factors 1 or 2).
struct JPEGFrame {
    /// Largest image area accepted, in pixels.
    static let maximumArea = 400_000_000
    /// Image width in pixels.
    let width: Int
    /// Image height in pixels.
    let height: Int
    /// The components in frame order.
    let components: [JPEGComponent]
    /// Largest horizontal sampling factor.
    let maxHorizontalSampling: Int
    /// Largest vertical sampling factor.
    let maxVerticalSampling: Int
    /// MCUs per row of an interleaved scan.
    let mcusWide: Int
    /// Rows of MCUs of an interleaved scan.
    let mcusHigh: Int
    /// Coefficients the store holds for all components (`coefficientsPerBlock` per block).
    let storeCount: Int

    /// Parses an SOF2 payload, keeping `coefficientsPerBlock` coefficients per block; nil when the frame
    /// is malformed or unsupported, or has more blocks than a file of `fileSize` bytes can code (each
    /// block's DC takes at least one bit, so a lying size is refused before anything is allocated).
    init?(_ payload: ArraySlice<UInt8>, coefficientsPerBlock: Int, fileSize: Int) {
        let p = Array(payload)
        guard p.count >= 6 else { return nil }
        let count = Int(p[5])
        guard p[0] == 8, count == 1 || count == 3, p.count == 6 + 3 * count else { return nil }
        height = Int(p[1]) << 8 | Int(p[2])
        width = Int(p[3]) << 8 | Int(p[4])
        guard width > 0, height > 0, width * height <= Self.maximumArea else { return nil }
        var factors: [(id: UInt8, h: Int, v: Int, q: Int)] = []
        for c in 0..<count {
            let base = 6 + 3 * c
            let id = p[base]
            let h = count == 1 ? 1 : Int(p[base + 1] >> 4)
            let v = count == 1 ? 1 : Int(p[base + 1] & 15)
            let q = Int(p[base + 2])
            guard (1...2).contains(h), (1...2).contains(v), q <= 3, !factors.contains(where: { $0.id == id }) else {
                return nil
            }
            factors.append((id, h, v, q))
        }
        let maxH = factors.map(\.h).max() ?? 1
        let maxV = factors.map(\.v).max() ?? 1
        maxHorizontalSampling = maxH
        maxVerticalSampling = maxV
        mcusWide = (width + 8 * maxH - 1) / (8 * maxH)
        mcusHigh = (height + 8 * maxV - 1) / (8 * maxV)
        var offset = 0
        var built: [JPEGComponent] = []
        for f in factors {
            let componentWidth = (width * f.h + maxH - 1) / maxH
            let componentHeight = (height * f.v + maxV - 1) / maxV
            let component = JPEGComponent(
                id: f.id, horizontalSampling: f.h, verticalSampling: f.v, quantisationSlot: f.q,
                blocksWide: (componentWidth + 7) / 8, blocksHigh: (componentHeight + 7) / 8,
                paddedBlocksWide: mcusWide * f.h, paddedBlocksHigh: mcusHigh * f.v, storeOffset: offset)
            guard component.blocksWide * component.blocksHigh <= 8 * fileSize else { return nil }
            offset += component.paddedBlocksWide * component.paddedBlocksHigh * coefficientsPerBlock
            built.append(component)
        }
        components = built
        storeCount = offset
    }
}

/// A scan header (SOS): which components, which spectral band and which bit positions it codes.
struct JPEGScanHeader {
    /// Indices into the frame's components, in scan order.
    let componentIndices: [Int]
    /// DC Huffman table slot per scan component.
    let dcSlots: [Int]
    /// AC Huffman table slot per scan component.
    let acSlots: [Int]
    /// First zigzag position coded (Ss).
    let spectralStart: Int
    /// Last zigzag position coded (Se).
    let spectralEnd: Int
    /// Bit position of the previous scan of this band (Ah); non-zero for a refinement scan.
    let previousBit: Int
    /// Bit position this scan codes down to (Al): values are stored shifted left by it.
    let bit: Int

    /// Parses an SOS payload against `frame`; nil when malformed or not a valid progressive scan.
    init?(_ payload: ArraySlice<UInt8>, frame: JPEGFrame) {
        let p = Array(payload)
        guard let count = p.first.map(Int.init), (1...4).contains(count), p.count == 4 + 2 * count else { return nil }
        var indices: [Int] = []
        var dc: [Int] = []
        var ac: [Int] = []
        for s in 0..<count {
            guard let index = frame.components.firstIndex(where: { $0.id == p[1 + 2 * s] }),
                !indices.contains(index), indices.last.map({ $0 < index }) ?? true
            else { return nil }
            indices.append(index)
            dc.append(Int(p[2 + 2 * s] >> 4))
            ac.append(Int(p[2 + 2 * s] & 15))
        }
        componentIndices = indices
        dcSlots = dc
        acSlots = ac
        spectralStart = Int(p[1 + 2 * count])
        spectralEnd = Int(p[2 + 2 * count])
        previousBit = Int(p[3 + 2 * count] >> 4)
        bit = Int(p[3 + 2 * count] & 15)
        let dcScan = spectralStart == 0 && spectralEnd == 0
        let acScan = spectralStart >= 1 && spectralEnd >= spectralStart && spectralEnd <= 63 && count == 1
        guard dcScan || acScan, bit <= 13, dc.allSatisfy({ $0 <= 3 }), ac.allSatisfy({ $0 <= 3 }) else { return nil }
    }

    /// True for a scan of DC coefficients (Ss = Se = 0).
    var isDC: Bool { spectralStart == 0 }
}
