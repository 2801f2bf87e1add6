// A recording sink's devices as evemu recordings: one text for golden tests, files for `serve --dry-run --output`.
import Tactile
import TactileRecording
import TactileService

extension RecordingSink.Device {
    /// The device and its events as an evemu recording.
    public var evemu: EvemuRecording { EvemuRecording(device: description, events: events) }
}

extension RecordingSink {
    /// Every device's evemu recording, one after the other, each preceded by
    /// a `# Tactile virtual#N` comment line: one text for golden tests.
    ///
    /// ```swift
    /// #expect(sink.evemuText == (try String(contentsOfFile: "golden.txt", encoding: .utf8)))
    /// ```
    public var evemuText: String {
        devices.map { "# Tactile \($0.id)\($0.destroyed ? " (destroyed)" : "")\n" + EvemuWriter.text(for: $0.evemu) }
            .joined()
    }

    /// Writes each device as an evemu recording into `directory` (which must
    /// exist), named by ``RecordingSink/fileName(for:)``, and returns the
    /// paths in the order of creation. Files are written atomically, mode
    /// 0600, replacing a file there only when `overwrite` is true.
    ///
    /// ```swift
    /// let paths = try sink.save(to: "/tmp/dry-run")   // ["/tmp/dry-run/1-panel-tactile.evemu", …]
    /// ```
    @discardableResult
    public func save(to directory: String, overwrite: Bool = false) throws(OutputError) -> [String] {
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        var paths: [String] = []
        for device in devices {
            let path = base + "/" + Self.fileName(for: device)
            do throws(RecordingError) {
                try EvemuWriter.write(device.evemu, to: path, overwrite: overwrite)
            } catch {
                throw OutputError(operation: "save \(device.id) to \(path)", reason: error.description)
            }
            paths.append(path)
        }
        return paths
    }
}
