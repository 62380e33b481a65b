/// Decoding of progressive JPEG *first* scans (Ah = 0) into the preview decoder's coefficient store,
/// which keeps `perBlock` coefficients per block: 1 (DC) or 4 (zigzag positions 0, 1, 2, 4, i.e. the
/// 2×2 lowest frequencies, stored in that order). Values are stored shifted left by the scan's Al.
enum JPEGFirstScans {
    /// How a scan's entropy-coded data ended.
    enum Outcome {
        /// Every block of the scan was decoded from real data; `end` is where the reader stopped.
        case complete(end: Int)
        /// The data ran out, held a code its tables lack, or missed a restart marker.
        case damaged
    }

    /// The store slot of zigzag position `k` (1…4) in a 4-coefficient block, or 0 when not kept (k = 3).
    @inline(__always) static func slot(zigzag k: Int) -> Int { k == 4 ? 3 : (k == 3 ? 0 : k) }

    /// Decodes a DC first scan starting at byte `start`: interleaved in MCU order when it has several
    /// components, else the component's blocks in raster order. `tables` has one DC table per scan component.
    static func decodeDC(
        _ data: UnsafeBufferPointer<UInt8>, start: Int, scan: JPEGScanHeader, frame: JPEGFrame,
        tables: [JPEGHuffmanTable], restartInterval: Int, perBlock: Int, store: UnsafeMutableBufferPointer<Int16>
    ) -> Outcome {
        // Four numbers per block of an MCU: its scan component, its store index in MCU (0, 0), and the
        // index steps from one MCU to the next along a row and down a column.
        var layout: [Int] = []
        let interleaved = scan.componentIndices.count > 1
        for (j, index) in scan.componentIndices.enumerated() {
            let c = frame.components[index]
            let h = interleaved ? c.horizontalSampling : 1
            let v = interleaved ? c.verticalSampling : 1
            for row in 0..<v {
                for column in 0..<h {
                    layout += [
                        j, c.storeOffset + (row * c.paddedBlocksWide + column) * perBlock,
                        v * c.paddedBlocksWide * perBlock, h * perBlock,
                    ]
                }
            }
        }
        let first = frame.components[scan.componentIndices[0]]
        let mcusWide = interleaved ? frame.mcusWide : first.blocksWide
        let mcusHigh = interleaved ? frame.mcusHigh : first.blocksHigh
        let al = scan.bit
        guard tables.count == scan.componentIndices.count else { return .damaged }
        return layout.withUnsafeBufferPointer { layout in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: tables.count) { predictions in
                predictions.initialize(repeating: 0)
                var reader = JPEGBitReader(data: data, start: start)
                var mcusToRestart = restartInterval
                for mcuY in 0..<mcusHigh {
                    for mcuX in 0..<mcusWide {
                        if restartInterval > 0 {
                            if mcusToRestart == 0 {
                                guard !reader.overran, reader.restart() else { return .damaged }
                                predictions.update(repeating: 0)
                                mcusToRestart = restartInterval
                            }
                            mcusToRestart -= 1
                        }
                        var b = 0
                        while b + 4 <= layout.count {
                            let j = layout[b]
                            reader.refillIfNeeded()
                            let table = tables[j]
                            var difference = table.shortValue(&reader)
                            if difference != 0 {
                                difference >>= 16
                            } else {
                                let size = table.decode(&reader)
                                guard size >= 0 && size <= 15 else { return .damaged }
                                difference = reader.signedValue(size)
                            }
                            let prediction = predictions[j] &+ difference
                            predictions[j] = prediction
                            let index = layout[b &+ 1] &+ mcuY &* layout[b &+ 2] &+ mcuX &* layout[b &+ 3]
                            guard index >= 0 && index < store.count else { return .damaged }
                            store[index] = Int16(truncatingIfNeeded: prediction << al)
                            b += 4
                        }
                    }
                }
                return reader.overran ? .damaged : .complete(end: reader.position)
            }
        }
    }

    /// Decodes an AC first scan (one component, blocks in raster order, end-of-band runs across
    /// blocks) starting at byte `start`, storing only the kept positions of its band. On damage the
    /// block being decoded is cleared and earlier blocks keep their values.
    static func decodeAC(
        _ data: UnsafeBufferPointer<UInt8>, start: Int, scan: JPEGScanHeader, component c: JPEGComponent,
        table: JPEGHuffmanTable, restartInterval: Int, perBlock: Int, store: UnsafeMutableBufferPointer<Int16>
    ) -> Outcome {
        let ss = scan.spectralStart
        let se = scan.spectralEnd
        let lastKept = perBlock == 4 ? min(se, 4) : 0
        let al = scan.bit
        var reader = JPEGBitReader(data: data, start: start)
        var mcusToRestart = restartInterval
        var endOfBandRun = 0
        for blockY in 0..<c.blocksHigh {
            let rowBase = c.storeOffset + blockY * c.paddedBlocksWide * perBlock
            for blockX in 0..<c.blocksWide {
                if restartInterval > 0 {
                    if mcusToRestart == 0 {
                        guard !reader.overran, reader.restart() else { return .damaged }
                        endOfBandRun = 0
                        mcusToRestart = restartInterval
                    }
                    mcusToRestart -= 1
                }
                if endOfBandRun > 0 {
                    endOfBandRun -= 1
                    continue
                }
                let base = rowBase + blockX * perBlock
                guard base >= 0 && base + perBlock <= store.count else { return .damaged }
                var k = ss
                while k <= se {
                    reader.refillIfNeeded()
                    let short = table.shortValue(&reader)
                    if short != 0 {
                        k &+= (short >> 8) & 15
                        if k <= lastKept {
                            let s = slot(zigzag: k)
                            if s > 0 { store[base &+ s] = Int16(truncatingIfNeeded: (short >> 16) << al) }
                        }
                        k &+= 1
                        continue
                    }
                    let symbol = table.decode(&reader)
                    guard symbol >= 0 else { return .damaged }
                    let run = symbol >> 4
                    let size = symbol & 15
                    if size != 0 {
                        k += run
                        let value = reader.signedValue(size)
                        if k <= lastKept {
                            let s = slot(zigzag: k)
                            if s > 0 { store[base + s] = Int16(truncatingIfNeeded: value << al) }
                        }
                        k += 1
                    } else if run == 15 {
                        k += 16
                    } else {
                        endOfBandRun = (1 << run) - 1 + reader.bits(run)
                        break
                    }
                }
                if reader.overran {
                    if ss <= lastKept {
                        for k in ss...lastKept where slot(zigzag: k) > 0 { store[base + slot(zigzag: k)] = 0 }
                    }
                    return .damaged
                }
            }
        }
        return .complete(end: reader.position)
    }
}
