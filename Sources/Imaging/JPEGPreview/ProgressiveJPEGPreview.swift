/// A fast 1/4- or 1/8-scale preview of a progressive JPEG (SOF2, Huffman, 8-bit) that keeps only the
/// lowest-frequency coefficients of each block: a few MB for 16 MP instead of libjpeg's 48 MB
/// whole-image coefficient buffer, whose allocation and page faults dominate TurboJPEG's scaled
/// decode of progressive files.
///
/// Scans are read in file order: DC first scans and the AC first scans whose band reaches the kept
/// positions are decoded; other scans (AC bands beyond them, refinement scans, repeats) are skipped,
/// the next marker found by scanning the bytes; reading ends once every kept coefficient has been
/// coded (for libjpeg's standard progression after scan 4 of 10), at EOI, or at damage. So the result
/// has the precision of the first scans (standard progression: DC less its lowest bit, luma AC less
/// its two lowest bits), enough for a preview that full resolution replaces.
///
/// ```swift
/// if let preview = ProgressiveJPEGPreview.decode(bytes, log2Scale: 2) { show(preview) }  // else TurboJPEG
/// ```
public enum ProgressiveJPEGPreview {
    /// Pixels of a progressive JPEG at 1/2^`log2Scale` of its stored size (`log2Scale` 2 or 3 → 1/4 or
    /// 1/8), in stored orientation (no EXIF rotation), sized exactly like libjpeg's scaled output
    /// (ceil(width / 2^s) × ceil(height / 2^s)); nil when the file is not something this decoder handles
    /// (baseline/sequential, arithmetic coding, 12-bit, not 1 or 3 components, RGB, sampling factors
    /// other than 1 or 2, damage before every component's DC was read) — callers then fall back to
    /// TurboJPEG. Damage after that yields the image as far as it was read.
    public static func decode(_ jpeg: [UInt8], log2Scale: Int) -> Bitmap? {
        guard log2Scale == 2 || log2Scale == 3, jpeg.count >= 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return nil }
        var decoder = ProgressiveJPEGPreviewDecoder(jpeg, perBlock: log2Scale == 2 ? 4 : 1)
        guard decoder.readScans() else { return nil }
        return decoder.bitmap(log2Scale: log2Scale)
    }
}

/// The marker walk and decoding state behind `ProgressiveJPEGPreview.decode`.
private struct ProgressiveJPEGPreviewDecoder {
    /// The file.
    let jpeg: [UInt8]
    /// Coefficients kept per block: 4 (zigzag 0, 1, 2, 4) or 1 (DC).
    let perBlock: Int
    /// The frame header, once SOF2 was read.
    var frame: JPEGFrame?
    /// Kept coefficients of every block of every component (`JPEGFrame.storeCount` values).
    var store: [Int16] = []
    /// Quantisation tables by DQT slot, zigzag order.
    var quantisationTables: [[Int]?] = [nil, nil, nil, nil]
    /// Per component, its quantisation table as it stood at the component's first scan (libjpeg latches it then).
    var componentQuantisation: [[Int]?] = []
    /// DC Huffman tables by slot.
    var dcTables: [JPEGHuffmanTable?] = [nil, nil, nil, nil]
    /// AC Huffman tables by slot.
    var acTables: [JPEGHuffmanTable?] = [nil, nil, nil, nil]
    /// MCUs per restart interval (0 = no restarts).
    var restartInterval = 0
    /// Whether an APP0 JFIF segment was seen (three components are then YCbCr).
    var sawJFIF = false
    /// Whether an Adobe APP14 segment declared no colour transform (RGB).
    var sawAdobeRGB = false
    /// Per component and kept slot: whether a first scan coded it completely.
    var coded: [[Bool]] = []
    /// Per component and kept slot: the Al (bits left uncoded) of the first scan that coded it, 0 if none did.
    var pointTransforms: [[Int]] = []

    /// A decoder for `jpeg` keeping `perBlock` coefficients per block.
    init(_ jpeg: [UInt8], perBlock: Int) {
        self.jpeg = jpeg
        self.perBlock = perBlock
    }

    /// Whether every component's DC has been decoded (the least a preview needs).
    var hasAllDC: Bool { !coded.isEmpty && coded.allSatisfy { $0[0] } }

    /// Whether every kept coefficient of every component has been coded (later scans cannot add to it).
    var hasEverything: Bool { !coded.isEmpty && coded.allSatisfy { $0.allSatisfy { $0 } } }

    /// Walks the markers and decodes the scans the preview needs; false when the file is unsupported
    /// or damaged before every component's DC was decoded.
    mutating func readScans() -> Bool {
        var i = 2
        while i + 1 < jpeg.count && jpeg[i] == 0xFF {
            let marker = jpeg[i + 1]
            switch marker {
            case 0xFF:
                i += 1
                continue
            case 0x01, 0xD0...0xD7:
                i += 2
                continue
            case 0xD9, 0x00, 0xD8:
                return hasAllDC
            default: break
            }
            guard let length = JPEGMarkers.be16(jpeg, i + 2), length >= 2, i + 2 + length <= jpeg.count else {
                return hasAllDC
            }
            let payload = jpeg[i + 4..<i + 2 + length]
            var next = i + 2 + length
            switch marker {
            case 0xC2:
                guard frame == nil,
                    let parsed = JPEGFrame(payload, coefficientsPerBlock: perBlock, fileSize: jpeg.count)
                else { return false }
                frame = parsed
                store = [Int16](repeating: 0, count: parsed.storeCount)
                componentQuantisation = Array(repeating: nil, count: parsed.components.count)
                coded = Array(repeating: Array(repeating: false, count: perBlock), count: parsed.components.count)
                pointTransforms = Array(repeating: Array(repeating: 0, count: perBlock), count: parsed.components.count)
            case 0xC0, 0xC1, 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                return false
            case 0xC4:
                guard JPEGMarkers.readHuffmanTables(payload, dc: &dcTables, ac: &acTables) else { return hasAllDC }
            case 0xDB:
                guard JPEGMarkers.readQuantisationTables(payload, into: &quantisationTables) else { return hasAllDC }
            case 0xDD:
                guard let interval = JPEGMarkers.restartInterval(payload) else { return hasAllDC }
                restartInterval = interval
            case 0xE0:
                sawJFIF = sawJFIF || JPEGMarkers.isJFIF(payload)
            case 0xEE:
                sawAdobeRGB = sawAdobeRGB || JPEGMarkers.isAdobeUntransformed(payload)
            case 0xDA:
                guard let frame, let scan = JPEGScanHeader(payload, frame: frame), !isRGB(frame),
                    let end = readScan(scan, frame: frame, start: next)
                else { return hasAllDC }
                if hasEverything { return true }
                guard let marker = JPEGMarkers.nextMarker(in: jpeg, from: end, stoppingAtRestarts: false) else {
                    return hasAllDC
                }
                next = marker
            default: break
            }
            i = next
        }
        return hasAllDC
    }

    /// Whether a three-component `frame` holds RGB rather than YCbCr (libjpeg's rule: JFIF means YCbCr,
    /// else an Adobe transform of 0 or component ids 'R', 'G', 'B' mean RGB).
    private func isRGB(_ frame: JPEGFrame) -> Bool {
        guard frame.components.count == 3, !sawJFIF else { return false }
        return sawAdobeRGB || frame.components.map(\.id) == [0x52, 0x47, 0x42]
    }

    /// The store slots of the kept coefficients in `scan`'s band.
    private func keptSlots(_ scan: JPEGScanHeader) -> [Int] {
        let lastKept = perBlock == 4 ? 4 : 0
        guard scan.spectralStart <= lastKept else { return [] }
        return (scan.spectralStart...min(scan.spectralEnd, lastKept)).compactMap { k in
            k == 0 ? 0 : JPEGFirstScans.slot(zigzag: k) > 0 ? JPEGFirstScans.slot(zigzag: k) : nil
        }
    }

    /// Decodes the scan whose entropy-coded data starts at `start` when it is a first scan that codes
    /// a kept coefficient not yet coded, else skips it — refinement scans too: the kept values stay
    /// valid at their first scan's precision, and later first scans may still follow. Skipping repeats
    /// bounds the work on hostile files to one pass per kept coefficient. Returns where the reader
    /// stopped, or nil when the scan is damaged or its tables are missing.
    private mutating func readScan(_ scan: JPEGScanHeader, frame: JPEGFrame, start: Int) -> Int? {
        let slots = keptSlots(scan)
        let wanted = scan.componentIndices.contains { index in slots.contains { !coded[index][$0] } }
        guard scan.previousBit == 0, wanted else { return start }
        for index in scan.componentIndices where componentQuantisation[index] == nil {
            guard let table = quantisationTables[frame.components[index].quantisationSlot] else { return nil }
            componentQuantisation[index] = table
        }
        for index in scan.componentIndices {
            for slot in slots { pointTransforms[index][slot] = scan.bit }
        }
        let interval = restartInterval
        let perBlock = perBlock
        let outcome: JPEGFirstScans.Outcome
        if scan.isDC {
            let tables = scan.dcSlots.compactMap { dcTables[$0] }
            guard tables.count == scan.dcSlots.count else { return nil }
            outcome = jpeg.withUnsafeBufferPointer { data in
                store.withUnsafeMutableBufferPointer { coefficients in
                    JPEGFirstScans.decodeDC(
                        data, start: start, scan: scan, frame: frame, tables: tables, restartInterval: interval,
                        perBlock: perBlock, store: coefficients)
                }
            }
        } else {
            guard let table = acTables[scan.acSlots[0]] else { return nil }
            let component = frame.components[scan.componentIndices[0]]
            outcome = jpeg.withUnsafeBufferPointer { data in
                store.withUnsafeMutableBufferPointer { coefficients in
                    JPEGFirstScans.decodeAC(
                        data, start: start, scan: scan, component: component, table: table,
                        restartInterval: interval, perBlock: perBlock, store: coefficients)
                }
            }
        }
        guard case .complete(let end) = outcome else { return nil }
        for index in scan.componentIndices {
            for slot in slots { coded[index][slot] = true }
        }
        return end
    }

    /// The preview from the coefficients read so far.
    func bitmap(log2Scale: Int) -> Bitmap? {
        guard let frame else { return nil }
        let tables = componentQuantisation.compactMap { $0 }
        guard tables.count == frame.components.count else { return nil }
        return JPEGPreviewPixels.bitmap(
            frame: frame, store: store, perBlock: perBlock, quantisation: tables, pointTransforms: pointTransforms,
            log2Scale: log2Scale)
    }
}
