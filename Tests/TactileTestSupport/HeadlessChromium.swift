// Renders SVG files to PNG in headless Chromium and says what the PNG holds (tools/png-stats.py), for the plot tests.
import Foundation

/// Headless Chromium (Debian's `chromium`, which `make setup` installs) to
/// render a picture as a browser shows it, and `tools/png-stats.py` to say
/// what the screenshot holds. The tests that use it are skipped, saying
/// why, where either is missing.
public enum HeadlessChromium {
    /// The browser, if one is on `PATH`.
    public static let executable: String? = ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap(TestSupport.findOnPath).first

    /// Python 3, which runs `tools/png-stats.py`.
    public static let python: String? = TestSupport.findOnPath("python3")

    /// Whether pictures can be rendered and measured here.
    public static var isAvailable: Bool { executable != nil && python != nil }

    /// Why the rendering tests are skipped here.
    public static let skipReason = "headless Chromium and python3 are needed to render plots: apt-get install chromium (make setup does)"

    /// What a PNG holds.
    public struct Statistics: Decodable, Sendable {
        public var width: Int
        public var height: Int
        /// How many distinct colours.
        public var distinct: Int
        /// The fraction of pixels that are not white.
        public var nonWhite: Double
        /// For each colour asked about (`#4e79a7`), how many pixels are within 8 of it on every channel.
        public var colours: [String: Int]
    }

    /// Renders the SVG file at `svg` in a `width` × `height` window and
    /// saves the screenshot at `png`; throws with what the browser said when no PNG came out.
    public static func screenshot(of svg: String, width: Int, height: Int, to png: String) throws {
        guard let executable else { throw TestFailure("no chromium on PATH") }
        let profile = try TemporaryDirectory.make(prefix: "tactile-chromium")
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let output = try TestSupport.run(executable, [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--user-data-dir=" + profile,
            "--window-size=\(width),\(height)", "--screenshot=" + png, URL(fileURLWithPath: svg).absoluteString,
        ], timeout: 120)
        guard FileManager.default.fileExists(atPath: png) else {
            throw TestFailure("chromium wrote no screenshot (status \(output.status)): \(output.standardError.suffix(2000))")
        }
    }

    /// What the PNG at `png` holds, with the pixels near each of `colours` counted.
    public static func statistics(of png: String, colours: [String] = []) throws -> Statistics {
        guard let python else { throw TestFailure("no python3 on PATH") }
        let arguments = [Repository.path("tools/png-stats.py"), png] + colours.flatMap { ["--colour", $0] }
        let output = try TestSupport.run(python, arguments, timeout: 120)
        guard output.status == 0 else { throw TestFailure("png-stats.py failed: \(output.standardError)") }
        return try JSONDecoder().decode(Statistics.self, from: Data(output.standardOutput.utf8))
    }
}
