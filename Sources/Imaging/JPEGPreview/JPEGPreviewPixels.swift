/// Turns the preview decoder's low-frequency coefficients into BGRA pixels at 1/4 or 1/8 scale:
/// dequantisation, a reduced inverse DCT per block, triangle ("fancy") chroma upsampling and JFIF
/// YCbCr → RGB in 16-bit fixed point.
///
/// The reduced IDCT: at 1/8 a block becomes one pixel, DC/8 + 128 (libjpeg's 1×1). At 1/4 a block
/// becomes 2×2 pixels, each the mean of its 4×4 quarter under the inverse DCT of the four kept
/// coefficients — libjpeg's `jpeg_idct_2x2` with the odd frequencies above 1 taken as zero:
/// pixel = X00/8 ± 0.113267·X01 ± 0.113267·X10 ± 0.102633·X11 + 128, where 0.113267 = m/(4√2) and
/// 0.102633 = m²/4 with m = mean of cos((2n+1)π/16) over n = 0…3.
enum JPEGPreviewPixels {
    /// The bitmap for `frame` at 1/2^`log2Scale` (exactly ceil(width / 2^s) × ceil(height / 2^s)),
    /// from `store` (`perBlock` = 4 at 1/4, 1 at 1/8) and each component's quantisation table
    /// (zigzag order); nil when the inputs do not fit together.
    static func bitmap(
        frame: JPEGFrame, store: [Int16], perBlock: Int, quantisation: [[Int]], pointTransforms: [[Int]],
        log2Scale: Int
    ) -> Bitmap? {
        let n = perBlock == 4 ? 2 : 1
        let outputWidth = (frame.width + (1 << log2Scale) - 1) >> log2Scale
        let outputHeight = (frame.height + (1 << log2Scale) - 1) >> log2Scale
        guard perBlock == 4 && log2Scale == 2 || perBlock == 1 && log2Scale == 3, store.count == frame.storeCount,
            quantisation.count == frame.components.count, quantisation.allSatisfy({ $0.count == 64 }),
            pointTransforms.count == frame.components.count, pointTransforms.allSatisfy({ $0.count == perBlock })
        else { return nil }
        var layouts: [PlaneLayout] = []
        var total = 0
        for component in frame.components {
            let layout = PlaneLayout(
                offset: total, width: component.blocksWide * n, height: component.blocksHigh * n,
                horizontalFactor: frame.maxHorizontalSampling / component.horizontalSampling,
                verticalFactor: frame.maxVerticalSampling / component.verticalSampling)
            // Each plane pixel covers `factor` output pixels; the plane must cover the output.
            guard layout.width * layout.horizontalFactor >= outputWidth,
                layout.height * layout.verticalFactor >= outputHeight
            else { return nil }
            layouts.append(layout)
            total += layout.width * layout.height
        }
        let planes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: total)
        defer { planes.deallocate() }
        planes.initialize(repeating: 128)
        store.withUnsafeBufferPointer { coefficients in
            for (c, component) in frame.components.enumerated() {
                let layout = layouts[c]
                fillPlane(
                    UnsafeMutableBufferPointer(
                        rebasing: planes[layout.offset..<layout.offset + layout.width * layout.height]),
                    component, coefficients, perBlock: perBlock, quantisation: quantisation[c],
                    pointTransforms: pointTransforms[c])
            }
        }
        let rowsNeeded = frame.components.count * outputWidth
        let pixels = [UInt8](unsafeUninitializedCapacity: outputWidth * outputHeight * 4) { out, initialized in
            let rows = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: rowsNeeded)
            let sums = UnsafeMutableBufferPointer<Int32>.allocate(capacity: outputWidth + 4)
            defer {
                rows.deallocate()
                sums.deallocate()
            }
            rows.initialize(repeating: 0)
            sums.initialize(repeating: 0)
            guard let base = UnsafeMutableRawPointer(out.baseAddress) else { return }
            for y in 0..<outputHeight {
                for (c, layout) in layouts.enumerated() {
                    upsampleRow(
                        UnsafeBufferPointer(
                            rebasing: planes[layout.offset..<layout.offset + layout.width * layout.height]),
                        layout, y: y,
                        into: UnsafeMutableBufferPointer(rebasing: rows[c * outputWidth..<(c + 1) * outputWidth]),
                        sums: sums)
                }
                let row = base + y * outputWidth * 4
                if frame.components.count == 1 {
                    gray(UnsafeBufferPointer(rows), into: row, width: outputWidth)
                } else {
                    ycbcr(UnsafeBufferPointer(rows), into: row, width: outputWidth)
                }
            }
            initialized = outputWidth * outputHeight * 4
        }
        guard pixels.count == outputWidth * outputHeight * 4 else { return nil }
        return Bitmap(width: outputWidth, height: outputHeight, pixels: pixels)
    }

    /// Where a component's plane lives and how much it is enlarged to the output grid.
    private struct PlaneLayout {
        /// Index of the plane's first pixel in the shared plane buffer.
        let offset: Int
        /// Plane pixels per row.
        let width: Int
        /// Plane rows.
        let height: Int
        /// Output pixels per plane pixel across (1 or 2).
        let horizontalFactor: Int
        /// Output pixels per plane pixel down (1 or 2).
        let verticalFactor: Int
    }

    /// Writes the component's pixels at its own resolution, n × n per block (n = 2 for 4 coefficients
    /// per block, else 1) over its blocks (not the MCU padding). A coefficient whose first scan left its
    /// Al lowest bits uncoded is taken at the middle of the values it stands for (non-zero magnitudes
    /// plus (2^Al − 1)/2; zero stays zero), which brings the preview about 5 % closer to a full decode.
    /// Arithmetic wraps rather than traps: 16-bit coefficients times 16-bit steps times 2^11 cannot
    /// overflow 64 bits.
    private static func fillPlane(
        _ out: UnsafeMutableBufferPointer<UInt8>, _ c: JPEGComponent, _ coefficients: UnsafeBufferPointer<Int16>,
        perBlock: Int, quantisation q: [Int], pointTransforms al: [Int]
    ) {
        let n = perBlock == 4 ? 2 : 1
        let width = c.blocksWide * n
        guard out.count == width * c.blocksHigh * n, q.count == 64, al.count == perBlock,
            al.allSatisfy({ (0...13).contains($0) })
        else { return }
        // Biases in half units: the uncoded range is 0…2^Al − 1, its middle (2^Al − 1)/2.
        let bias = al.map { (1 << $0) - 1 }
        let dcBias = bias[0]
        let acBias = perBlock == 4 ? bias : [0, 0, 0, 0]
        // Quantisation steps of zigzag 0, 1, 2, 4, i.e. natural (0,0), (0,1), (1,0), (1,1).
        let q0 = q[0]
        let q1 = q[1] &* 928
        let q2 = q[2] &* 928
        let q3 = q[4] &* 841
        for blockY in 0..<c.blocksHigh {
            let rowBase = c.storeOffset + blockY * c.paddedBlocksWide * perBlock
            guard rowBase >= 0 && rowBase + c.blocksWide * perBlock <= coefficients.count else { return }
            if n == 1 {
                for blockX in 0..<c.blocksWide {
                    let dc = (Int(coefficients[rowBase &+ blockX]) &<< 1 &+ dcBias) &* q0
                    out[blockY &* width &+ blockX] = clamp(((dc &+ 8) &>> 4) &+ 128)
                }
                continue
            }
            for blockX in 0..<c.blocksWide {
                let base = rowBase &+ blockX &* 4
                let constant = (Int(coefficients[base]) &<< 1 &+ dcBias) &* q0 &<< 10 &+ (128 << 14) &+ (1 << 13)
                let horizontal = halves(coefficients[base &+ 1], acBias[1]) &* q1
                let vertical = halves(coefficients[base &+ 2], acBias[2]) &* q2
                let diagonal = halves(coefficients[base &+ 3], acBias[3]) &* q3
                let top = blockY &* 2 &* width &+ blockX &* 2
                out[top] = clamp((constant &+ horizontal &+ vertical &+ diagonal) &>> 14)
                out[top &+ 1] = clamp((constant &- horizontal &+ vertical &- diagonal) &>> 14)
                out[top &+ width] = clamp((constant &+ horizontal &- vertical &- diagonal) &>> 14)
                out[top &+ width &+ 1] = clamp((constant &- horizontal &- vertical &+ diagonal) &>> 14)
            }
        }
    }

    /// An AC coefficient in half units with `bias` added to its magnitude (zero stays zero).
    @inline(__always) private static func halves(_ value: Int16, _ bias: Int) -> Int {
        let doubled = Int(value) &<< 1
        return value > 0 ? doubled &+ bias : value < 0 ? doubled &- bias : 0
    }

    /// Output row `y` of a plane enlarged by its factors with libjpeg's triangle filter (3/4 nearest
    /// sample + 1/4 the next one, edges repeated), written to `row` (the output width).
    private static func upsampleRow(
        _ plane: UnsafeBufferPointer<UInt8>, _ layout: PlaneLayout, y: Int, into row: UnsafeMutableBufferPointer<UInt8>,
        sums: UnsafeMutableBufferPointer<Int32>
    ) {
        let width = layout.width
        let height = layout.height
        guard width > 0, height > 0, plane.count == width * height else { return }
        let near = min(layout.verticalFactor == 2 ? y >> 1 : y, height - 1)
        let nearRow = near * width
        if layout.horizontalFactor == 1 && layout.verticalFactor == 1 {
            for x in 0..<min(row.count, width) { row[x] = plane[nearRow &+ x] }
            return
        }
        // Column sums in quarters (3 × the nearest row + the other neighbour, or 4 × the one row) at
        // sums[1...columns], with the edge columns repeated at sums[0] and sums[columns + 1].
        let columns = min(width, layout.horizontalFactor == 2 ? (row.count + 1) / 2 + 1 : row.count)
        guard columns > 0, sums.count >= columns + 2 else { return }
        if layout.verticalFactor == 2 {
            let far = (y & 1 == 0) ? max(near - 1, 0) : min(near + 1, height - 1)
            let farRow = far * width
            for x in 0..<columns {
                sums[x &+ 1] = 3 &* Int32(plane[nearRow &+ x]) &+ Int32(plane[farRow &+ x])
            }
        } else {
            for x in 0..<columns { sums[x &+ 1] = 4 &* Int32(plane[nearRow &+ x]) }
        }
        sums[0] = sums[1]
        sums[columns + 1] = sums[columns]
        if layout.horizontalFactor == 2 {
            let pairs = min(row.count / 2, columns)
            for i in 0..<pairs {
                let centre = 3 &* sums[i &+ 1] &+ 8
                row[2 &* i] = UInt8(truncatingIfNeeded: (centre &+ sums[i]) &>> 4)
                row[2 &* i &+ 1] = UInt8(truncatingIfNeeded: (centre &+ sums[i &+ 2]) &>> 4)
            }
            if row.count & 1 == 1 && pairs < columns {
                row[2 * pairs] = UInt8(truncatingIfNeeded: (3 &* sums[pairs + 1] &+ sums[pairs] &+ 8) &>> 4)
            }
        } else {
            for x in 0..<min(row.count, columns) { row[x] = UInt8(truncatingIfNeeded: (sums[x &+ 1] &+ 2) &>> 2) }
        }
    }

    /// BGRA pixels (4 bytes each, written as little-endian 32-bit words) from the first row of `rows` (gray).
    private static func gray(_ rows: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableRawPointer, width: Int) {
        guard rows.count >= width else { return }
        for x in 0..<width {
            let value = UInt32(rows[x])
            let pixel = value | value &<< 8 | value &<< 16 | 0xFF00_0000
            out.storeBytes(of: pixel.littleEndian, toByteOffset: x &* 4, as: UInt32.self)
        }
    }

    /// BGRA pixels from the Y, Cb and Cr rows of `rows` (JFIF full range, libjpeg's 16-bit fixed-point constants).
    private static func ycbcr(_ rows: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableRawPointer, width: Int) {
        guard rows.count >= 3 * width else { return }
        for x in 0..<width {
            let luma = Int32(rows[x])
            let cb = Int32(rows[width &+ x]) &- 128
            let cr = Int32(rows[2 &* width &+ x]) &- 128
            let blue = clamp32(luma &+ ((116_130 &* cb &+ 32768) &>> 16))
            let green = clamp32(luma &+ ((-22554 &* cb &- 46802 &* cr &+ 32768) &>> 16))
            let red = clamp32(luma &+ ((91881 &* cr &+ 32768) &>> 16))
            let pixel = blue | green &<< 8 | red &<< 16 | 0xFF00_0000
            out.storeBytes(of: pixel.littleEndian, toByteOffset: x &* 4, as: UInt32.self)
        }
    }

    /// `value` limited to 0…255.
    @inline(__always) private static func clamp(_ value: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: min(max(value, 0), 255))
    }

    /// `value` limited to 0…255, widened for packing into a pixel.
    @inline(__always) private static func clamp32(_ value: Int32) -> UInt32 {
        UInt32(truncatingIfNeeded: min(max(value, 0), 255))
    }
}
