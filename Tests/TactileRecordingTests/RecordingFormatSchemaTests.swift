// Recording format v1: the JSON schema accepts what the writer writes and rejects broken files.
import Foundation
import Tactile
@testable import TactileRecording
import TactileSynthesis
import TactileTestSupport
import Testing

@Suite("Recording format v1: the JSON schema")
@MainActor
struct RecordingFormatSchemaTests {
    @Test("the JSON schema accepts written files and rejects broken ones (when python3 has jsonschema)")
    func schema() throws {
        let schema = Repository.root.path + "/docs/recording-format.schema.json"
        #expect(FileManager.default.fileExists(atPath: schema))
        guard let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: FileManager.default.isExecutableFile(atPath:)) else { return }
        try TemporaryDirectory.with { directory in
            let session = try RecordingWriter.text(for: RecordingFormatFixtures.session)
            let broken: [String: String] = [
                "version-4": RecordingFormatFixtures.tapText(replacing: "\"version\": 1", with: "\"version\": 4"),
                "transform-in-version-2": RecordingFormatFixtures.tapText(replacing: "  \"summary\"", with: "  \"transform\": [0, -1, 1, 1, 0, 0],\n  \"summary\"")
                    .replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2"),
                "transform-of-five": RecordingFormatFixtures.tapText(replacing: "  \"summary\"", with: "  \"transform\": [0, -1, 1, 1, 0],\n  \"summary\"")
                    .replacingOccurrences(of: "\"version\": 1", with: "\"version\": 3"),
                "axis-values-in-version-1": RecordingFormatFixtures.tapText(replacing: "  \"summary\"", with: "  \"axisValues\": [{\"code\": 47, \"value\": 1}],\n  \"summary\""),
                "four-fields": RecordingFormatFixtures.tapText(replacing: "[0, 0, 3, 47, 0]", with: "[0, 0, 3, 47]"),
                "microseconds": RecordingFormatFixtures.tapText(replacing: "[0, 8000, 0, 0, 0]", with: "[0, 1000000, 0, 0, 0]"),
                "unknown-key": RecordingFormatFixtures.tapText(replacing: "  \"screen\"", with: "  \"colour\": 1,\n  \"screen\""),
                "no-device-kind": RecordingFormatFixtures.tapText(replacing: ",\n    \"kind\": \"touchscreen\"", with: ""),
                "other-format": RecordingFormatFixtures.tapText(replacing: "\"tactile-recording\"", with: "\"evemu\""),
            ]
            var mounted = RecordingFormatFixtures.tap
            mounted.transform = .rotated(.clockwise90)
            mounted.axisValues = AxisValues([AbsCode.mtSlot: 1])
            var beginsInSlotOne = RecordingFormatFixtures.tap
            beginsInSlotOne.axisValues = AxisValues([AbsCode.mtSlot: 1, AbsCode.x: -3])
            let good: [String: String] = [
                "session": session, "tap": RecordingFormatFixtures.tapText,
                "axis-values": try RecordingWriter.text(for: beginsInSlotOne),
                "mounted": try RecordingWriter.text(for: mounted),
            ]
            for (name, text) in good.merging(broken, uniquingKeysWith: { first, _ in first }) {
                try text.write(toFile: directory + "/" + name + ".json", atomically: false, encoding: .utf8)
            }
            let script = """
                import json, sys
                try:
                    import jsonschema
                except ImportError:
                    print("skip"); sys.exit(0)
                schema = json.load(open(sys.argv[1]))
                jsonschema.Draft202012Validator.check_schema(schema)
                validator = jsonschema.Draft202012Validator(schema)
                for path in sys.argv[2:]:
                    errors = list(validator.iter_errors(json.load(open(path))))
                    print(path.rsplit("/", 1)[-1], "valid" if not errors else "invalid")
                """
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            let names = (good.keys.sorted() + broken.keys.sorted())
            process.arguments = ["-c", script, schema] + names.map { directory + "/" + $0 + ".json" }
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            if output.hasPrefix("skip") { return }
            for name in good.keys { #expect(output.contains(name + ".json valid"), "\(output)") }
            for name in broken.keys { #expect(output.contains(name + ".json invalid"), "\(output)") }
        }
    }
}
