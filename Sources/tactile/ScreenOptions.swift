// `--screen WxH` and `--dpi N`, shared by every command that maps a surface onto a screen.
import ArgumentParser
import Foundation
import Tactile
import TactileEvdev

/// `--screen WxH` and `--dpi N`: the screen a surface maps onto, for every
/// command that takes one (demo, record, replay, convert, synth).
///
/// Each option replaces one part of a base screen and leaves the other: the
/// size in points, or the density in points per inch. The base is the
/// recording's own screen (replay, convert), the display the kernel reports
/// (the live demo and `record`: ``DisplayDiscovery``), or 1920 × 1080 pt at
/// 96 dpi (synth).
struct ScreenOptions: ParsableArguments {
    @Option(name: .customLong("screen"),
            help: ArgumentHelp("The screen's size in points, WIDTHxHEIGHT (default: the recording's, or for live devices the display's).",
                               valueName: "WxH"),
            transform: { try ScreenSize.parse($0, unit: "points", range: ScreenSize.points, example: "1920x1080") })
    var size: ScreenSize?

    @Option(help: ArgumentHelp("The screen's density in points per inch (default: the recording's, or for live devices the display's).",
                               valueName: "N"),
            transform: ScreenOptions.parseDPI)
    var dpi: Double?

    /// A density from 1 to 10 000 dpi (ArgumentParser names the option and the value in the error).
    static func parseDPI(_ argument: String) throws -> Double {
        guard let value = Double(argument), (1...10_000).contains(value) else {
            throw ValidationError("expected the points per inch, a number from 1 to 10000, such as 96")
        }
        return value
    }

    /// Whether both parts are given, so that no base is needed.
    var isComplete: Bool { size != nil && dpi != nil }

    /// Whether either part is given.
    var isGiven: Bool { size != nil || dpi != nil }

    /// `base` with the parts given replaced.
    func applied(to base: Screen) -> Screen {
        var screen = base
        if let size { screen.bounds = Rect(x: 0, y: 0, width: size.width, height: size.height) }
        if let dpi { screen.pointsPerMillimetre = dpi / 25.4 }
        return screen
    }

    /// The screen for a live device: the options over the display the kernel
    /// reports (`sysfsRoot`), and a one-line note when none was found and
    /// the options did not give everything.
    func liveScreen(sysfsRoot: String = ScreenOptions.sysfsRoot) -> (screen: Screen, note: String?) {
        if isComplete, let size, let dpi {
            return (Screen(width: size.width, height: size.height, dotsPerInch: dpi), nil)
        }
        let detected = DisplayDiscovery.detect(sysfsRoot: sysfsRoot)
        let note = detected.note.map { $0 + "; pass --screen WxH and --dpi N to give the real one" }
        return (applied(to: detected.screen), note)
    }

    /// Where sysfs is: `TACTILE_SYSFS` when set (tests give a made-up tree), else `/sys`.
    static var sysfsRoot: String {
        if let root = getenv("TACTILE_SYSFS").map({ String(cString: $0) }), !root.isEmpty { return root }
        return DisplayDiscovery.defaultSysfsRoot
    }
}
