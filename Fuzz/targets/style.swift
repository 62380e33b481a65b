import PlumageCore

/// The palette and theme parsers: any text parses or fails with a located message. The theme's
/// palette is the shipped "original" one (below), so the fuzzer can reach the role checks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStyle(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzBytes(data, size), as: UTF8.self)
    if let palette = try? Palette(parsing: text, file: "fuzz.palette") {
        for name in palette.names { fuzzCheck(palette[name] != nil, "palette name \(name) without a colour") }
    }
    if let theme = try? Theme(parsing: text, file: "fuzz.theme", name: "fuzz", palette: { (_) throws(StyleError) in try originalPalette() }) {
        fuzzCheck((0...1).contains(theme.barOpacity) && (0...1).contains(theme.cardOpacity), "opacity out of range")
    }
    return 0
}

/// The shipped palette of the "original" theme.
private func originalPalette() throws(StyleError) -> Palette {
    try Palette(parsing: originalPaletteText, file: "original.palette")
}

private let originalPaletteText = """
#FFFFFF snow
#F3EFEB linen
#D2C9C2 stone
#FDA676 apricot
#9ED4FF sky
#C4E5FF ice
#120E0C espresso
#2E2420 cocoa
#FFFFFF2E hairline
#FDA67638 apricot-wash
#FFFFFF1F mist
#FFFFFF8C glass
#1E1916F2 menu
#0B0908 pitch
#000000C8 smoke
#7CE38B mint
#FFFFFF66 budget-line
#FF7A6B coral
"""
