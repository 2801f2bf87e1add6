// The virtual devices' names: shortened to uinput's 79 bytes at a word boundary, with an ellipsis, the suffix kept whole.
import Tactile
import TactileService
import TactileTestSupport
import Testing

@Suite struct VirtualDeviceNameTests {
    /// Real touchscreen names longer than 60 bytes, as the kernel reports them
    /// (../shared/external: evemu-devices/touchscreens and hid-devices-evemu).
    static let irtouch = "Beijing IRTOUCHSYSTEMS Co.,LtD IRTOUCH InfraRed USB TouchScreen"   // 63 bytes
    static let elo = "Elo TouchSystems Elo TouchSystems 2515 IntelliTouch Plus USB Touchmonitor"   // 73 bytes
    static let pointer = " pointer (Tactile)"
    static let copy = " (Tactile)"

    /// What every name made must be: within the limit, the suffix whole, and
    /// the device's name either whole or a prefix of it (whole characters)
    /// followed by the ellipsis.
    static func expectWellFormed(_ made: String, name: String, suffix: String,
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(made.utf8.count <= VirtualDeviceName.maximumBytes, "\(made.utf8.count) bytes: \(made)", sourceLocation: sourceLocation)
        #expect(made.hasSuffix(suffix), "\(made)", sourceLocation: sourceLocation)
        let head = made.dropLast(suffix.count)
        if head != name {
            #expect(head.hasSuffix(VirtualDeviceName.ellipsis), "\(made)", sourceLocation: sourceLocation)
            let kept = head.dropLast(VirtualDeviceName.ellipsis.count)
            #expect(name.starts(with: kept), "\(made) does not start with whole characters of \(name)", sourceLocation: sourceLocation)
        }
    }

    @Test func namesThatFitAreLeftAlone() {
        #expect(VirtualDeviceName.make("Panel 10.1", suffix: Self.copy) == "Panel 10.1 (Tactile)")
        #expect(VirtualDeviceName.make(Self.irtouch, suffix: Self.copy) == Self.irtouch + Self.copy)
        #expect(VirtualDeviceName.make(Self.elo) == Self.elo)
        #expect(VirtualDeviceName.make("Tactile keyboard") == "Tactile keyboard")
        // 79 bytes fit exactly; one more does not.
        let fits = String(repeating: "a", count: 79 - Self.copy.utf8.count)
        #expect(VirtualDeviceName.make(fits, suffix: Self.copy) == fits + Self.copy)
        let tooLong = VirtualDeviceName.make(fits + "b", suffix: Self.copy)
        #expect(tooLong.utf8.count <= 79 && tooLong.hasSuffix("…" + Self.copy))
    }

    /// The case: the kernel made `…USB TouchScreen pointer (Tactil` of this one.
    @Test func realLongNamesKeepTheirSuffixAndLoseWholeWords() {
        #expect((Self.irtouch + Self.pointer).utf8.count == 81)
        #expect(VirtualDeviceName.make(Self.irtouch, suffix: Self.pointer)
                == "Beijing IRTOUCHSYSTEMS Co.,LtD IRTOUCH InfraRed USB… pointer (Tactile)")
        #expect(VirtualDeviceName.make(Self.elo, suffix: Self.pointer)
                == "Elo TouchSystems Elo TouchSystems 2515 IntelliTouch Plus… pointer (Tactile)")
        #expect(VirtualDeviceName.make(Self.elo, suffix: Self.copy)
                == "Elo TouchSystems Elo TouchSystems 2515 IntelliTouch Plus USB… (Tactile)")
        for name in [Self.irtouch, Self.elo] {
            for suffix in [Self.pointer, Self.copy, ""] {
                Self.expectWellFormed(VirtualDeviceName.make(name, suffix: suffix), name: name, suffix: suffix)
            }
        }
    }

    @Test func aNameLongerThanTheLimitAloneIsShortenedToo() {
        let name = Self.elo + " with a firmware revision string"
        #expect(VirtualDeviceName.make(name) == "Elo TouchSystems Elo TouchSystems 2515 IntelliTouch Plus USB Touchmonitor…")
        Self.expectWellFormed(VirtualDeviceName.make(name), name: name, suffix: "")
    }

    /// Bytes are counted, and the cut falls between characters: three-byte
    /// CJK characters, an `e` with a combining accent (a scalar-wise cut
    /// would keep the `e` and lose its accent), a ZWJ emoji sequence.
    @Test func multiByteNamesAreCutBetweenCharacters() {
        let cjk = String(repeating: "触摸屏", count: 10)   // 90 bytes, no spaces
        #expect(VirtualDeviceName.make(cjk, suffix: Self.copy) == String(repeating: "触摸屏", count: 7) + "触" + "…" + Self.copy)
        #expect(VirtualDeviceName.make(cjk, suffix: Self.pointer) == String(cjk.prefix(19)) + "…" + Self.pointer)
        #expect(VirtualDeviceName.make(cjk, suffix: Self.pointer).utf8.count == 78)

        let accented = String(repeating: "e\u{301}", count: 30)   // 3 bytes a character
        let made = VirtualDeviceName.make(accented, suffix: Self.pointer)
        #expect(made == String(repeating: "e\u{301}", count: 19) + "…" + Self.pointer)
        #expect(made.unicodeScalars.count == 19 * 2 + 1 + Self.pointer.unicodeScalars.count)

        let coder = "👩‍💻"   // 11 bytes: two 4-byte scalars joined by a 3-byte ZWJ
        let emoji = String(repeating: coder, count: 9)
        #expect(VirtualDeviceName.make(emoji, suffix: Self.pointer) == String(repeating: coder, count: 5) + "…" + Self.pointer)

        let french = "Écran tactile capacitif à dix doigts — modèle 15,6 pouces, fabriqué à Zhubei"
        #expect(VirtualDeviceName.make(french, suffix: Self.pointer) == "Écran tactile capacitif à dix doigts — modèle 15,6… pointer (Tactile)")
        for name in [cjk, accented, emoji, french] {
            for suffix in [Self.pointer, Self.copy, "", " — Tactile ✋"] {
                Self.expectWellFormed(VirtualDeviceName.make(name, suffix: suffix), name: name, suffix: suffix)
            }
        }
    }

    @Test func theCutFallsMidWordOnlyWhenWholeWordsWouldKeepTooLittle() {
        let oneWord = "Touch" + String(repeating: "x", count: 100)
        #expect(VirtualDeviceName.make(oneWord, suffix: Self.copy) == String(oneWord.prefix(66)) + "…" + Self.copy)
        // The only space is near the start: keeping "Touch" alone would waste the room.
        let lateWord = "Touch " + String(repeating: "y", count: 100)
        #expect(VirtualDeviceName.make(lateWord, suffix: Self.copy) == String(lateWord.prefix(66)) + "…" + Self.copy)
        // A cut that falls on a space keeps the word before it.
        let atSpace = String(repeating: "a", count: 66) + " tail of the name"
        #expect(VirtualDeviceName.make(atSpace, suffix: Self.copy) == String(repeating: "a", count: 66) + "…" + Self.copy)
    }

    @Test func separatorsLeftAtTheCutAreDropped() {
        // Whole words end at "Ltd.," and "Co. -", and the spaces after "T230H": what is left reads "Ltd.…", "Co.…", "T230H…".
        let comma = String(repeating: "Shenzhen ", count: 5) + "Ltd., TouchscreenControllerUSBHID"
        #expect(VirtualDeviceName.make(comma, suffix: Self.pointer) == String(repeating: "Shenzhen ", count: 5) + "Ltd.…" + Self.pointer)
        let dash = "Multi Touch Display Technology Co. - CapacitiveUSBTouchPanelHIDv2xx"
        #expect(VirtualDeviceName.make(dash, suffix: Self.pointer) == "Multi Touch Display Technology Co.…" + Self.pointer)
        let spaces = "Acer                         T230H                       " + String(repeating: "z", count: 30)
        Self.expectWellFormed(VirtualDeviceName.make(spaces, suffix: Self.copy), name: spaces, suffix: Self.copy)
        #expect(VirtualDeviceName.make(spaces, suffix: Self.copy) == "Acer                         T230H…" + Self.copy)
    }

    @Test func aSuffixWithNoRoomLeftIsCutBetweenCharacters() {
        let suffix = " " + String(repeating: "é", count: 40)   // 81 bytes
        let made = VirtualDeviceName.make("Panel", suffix: suffix)
        #expect(made == "Panel " + String(repeating: "é", count: 36))
        #expect(made.utf8.count == 78)
    }

    /// Random names of mixed scripts and separators: always well formed.
    @Test func randomNamesAreAlwaysWellFormed() {
        var random = SplitMix(seed: 22)
        let pieces = ["Touch", "Screen", " ", " ", "-", ",", "é", "e\u{301}", "触", "👩‍💻", "🇩🇪", "USB", "(", "0", "Co.,Ltd"]
        for _ in 0..<2000 {
            let name = (0..<Int(random.next() % 40)).map { _ in random.pick(pieces) }.joined()
            let suffix = random.pick(["", Self.copy, Self.pointer, " — Tactile ✋"])
            let made = VirtualDeviceName.make(name, suffix: suffix)
            Self.expectWellFormed(made, name: name, suffix: suffix)
            if name.utf8.count + suffix.utf8.count <= 79 { #expect(made == name + suffix) }
        }
    }

    /// The service names its devices through it: the copy and the pointer of a device with a long name.
    @Test func theServiceNamesItsCopyAndPointerWithIt() throws {
        let sink = RecordingSink()
        let panel = testbedPanel(name: Self.irtouch + " (second generation)")
        let outputs = try ServiceDevice.makeOutputs(for: panel, config: ServiceDeviceTests.config, sink: sink, keyboard: nil, passThrough: true)
        let copy = try #require(outputs.touchCopy.flatMap(sink.device), "no copy")
        let pointer = try #require(outputs.pointer.flatMap(sink.device), "no pointer")
        #expect(copy.description.name == "Beijing IRTOUCHSYSTEMS Co.,LtD IRTOUCH InfraRed USB TouchScreen (second…")
        #expect(pointer.description.name == "Beijing IRTOUCHSYSTEMS Co.,LtD IRTOUCH InfraRed USB… pointer (Tactile)")
    }
}
