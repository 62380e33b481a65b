import Imaging
import PlumageCore
import Testing

@Suite struct PaletteTests {
    /// The message of the error `text` throws, or nil when it parses.
    private func error(_ text: String, file: String = "dark.palette") -> String? {
        do {
            _ = try Palette(parsing: text, file: file)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func parsesSeedFormatInFileOrder() throws {
        let text = """
            #B3ED3B green
            #5ABBF2 blue
            #FD86C9 pink
            #FD4737 red
            #FEAE30 orange
            """
        let palette = try Palette(parsing: text, file: "seed.palette")
        #expect(palette.names == ["green", "blue", "pink", "red", "orange"])
        #expect(palette["green"] == RGBA(0xB3, 0xED, 0x3B))
        #expect(palette["orange"] == RGBA(0xFE, 0xAE, 0x30))
        #expect(palette["purple"] == nil)
    }

    @Test func acceptsAlphaLowercaseCommentsAndBlankLines() throws {
        let text = """
            # A heading comment
            ## Section

            #
            \t#fda676   apricot-1   # trailing comment
              #FFFFFF33 hair_line
            #00000000 none
            """
        let palette = try Palette(parsing: text, file: "x.palette")
        #expect(palette.names == ["apricot-1", "hair_line", "none"])
        #expect(palette["apricot-1"] == RGBA(253, 166, 118))
        #expect(palette["hair_line"] == RGBA(255, 255, 255, 0x33))
        #expect(palette["none"] == .clear)
    }

    @Test func namesAreCaseSensitive() throws {
        let palette = try Palette(parsing: "#000000 Ink\n#FFFFFF ink", file: "x.palette")
        #expect(palette["Ink"] == .black)
        #expect(palette["ink"] == .white)
    }

    @Test func emptyTextIsAnEmptyPalette() throws {
        #expect(try Palette(parsing: "", file: "x.palette").names.isEmpty)
        #expect(try Palette(parsing: "\n\n# only comments\n", file: "x.palette").names.isEmpty)
    }

    @Test func lineNumbersCountEveryLineBreakStyle() {
        #expect(error("#000000 a\r\n\r\n#12345 b") == "dark.palette:3: expected #RRGGBB, got #12345")
        #expect(error("#000000 a\r#GG0000 b") == "dark.palette:2: expected #RRGGBB, got #GG0000")
    }

    @Test func reportsMalformedColours() {
        #expect(error("# ok\n\n\n\n\n\n#12345 ink") == "dark.palette:7: expected #RRGGBB, got #12345")
        #expect(error("#1234567 ink") == "dark.palette:1: expected #RRGGBB, got #1234567")
        #expect(error("#12345G ink") == "dark.palette:1: expected #RRGGBB, got #12345G")
        #expect(error("#hello world") == "dark.palette:1: expected #RRGGBB, got #hello")
        #expect(error("ink #123456") == "dark.palette:1: expected #RRGGBB, got ink")
        #expect(error("#ÄÄÄ ink") == "dark.palette:1: expected #RRGGBB, got #ÄÄÄ")
    }

    @Test func reportsMissingAndInvalidNames() {
        #expect(error("#123456") == "dark.palette:1: missing colour name")
        #expect(error("#123456   # just a comment") == "dark.palette:1: missing colour name")
        #expect(
            error("#123456 9lives")
                == "dark.palette:1: invalid colour name '9lives' (use a letter, then letters, digits, '_' or '-')")
        #expect(
            error("#123456 ink.dark")
                == "dark.palette:1: invalid colour name 'ink.dark' (use a letter, then letters, digits, '_' or '-')")
        #expect(error("#123456 ink dark") == "dark.palette:1: unexpected text after colour name 'ink': dark")
    }

    @Test func reportsDuplicateNames() {
        let text = "#000000 ink\n#111111 paper\n\n#222222 ink"
        #expect(error(text) == "dark.palette:4: duplicate colour name 'ink' (first defined on line 1)")
    }

    @Test func errorCarriesItsParts() {
        do {
            _ = try Palette(parsing: "\n#12 x", file: "a.palette")
            Issue.record("expected an error")
        } catch {
            #expect(error == StyleError(file: "a.palette", line: 2, reason: "expected #RRGGBB, got #12"))
            #expect(error.description == "a.palette:2: expected #RRGGBB, got #12")
        }
    }
}
