// Serve's options, one table: each name, its value's name, its help and how it sets ServeSettings.
import Tactile

extension ServeSettings {
    /// One option of serve's command line.
    struct Option: Sendable {
        /// `--config`.
        var name: String
        /// The value's name in the usage (`file`); nil for a flag.
        var valueName: String?
        /// One line for `--help`.
        var help: String
        /// Sets the option's field from its value (`""` for a flag).
        var apply: @Sendable (inout ServeSettings, String) throws(UsageError) -> Void

        /// Every option, in the order of the usage line.
        static let all: [Option] = [
            Option(name: "--config", valueName: "file",
                   help: "The config file (default: the first of $XDG_CONFIG_HOME/tactile/gestures.toml, /etc/tactile/gestures.toml).") {
                $0.configPath = $1
            },
            Option(name: "--device", valueName: "node", help: "Take only this node (repeatable), whatever the config selects.") {
                $0.devicePaths.append($1)
            },
            Option(name: "--dry-run", help: "Grab nothing and send nothing: print what each gesture would do.") { settings, _ in
                settings.dryRun = true
            },
            Option(name: "--output", valueName: "directory",
                   help: "With --dry-run: save what would have been sent, one evemu recording per virtual device, in this directory.") {
                $0.outputDirectory = $1
            },
            Option(name: "--uinput", valueName: "path", help: "The uinput node (default: /dev/uinput).") { $0.uinputPath = $1 },
            Option(name: "--input-directory", valueName: "directory", help: "Where device nodes are (default: /dev/input).") {
                $0.inputDirectory = $1
            },
            Option(name: "--idle-exit", valueName: "seconds", help: "Stop after this many seconds without any device (for tests and scripts).") { settings, value throws(UsageError) in
                settings.idleExit = try seconds(value, of: "--idle-exit")
            },
            Option(name: "--rescan-interval", valueName: "seconds",
                   help: "Seconds between rescans of the input directory, besides inotify (0.1…3600, default: 5).") { settings, value throws(UsageError) in
                settings.rescanInterval = try seconds(value, of: "--rescan-interval")
            },
            Option(name: "--stats", help: "At the end, print the pass-through and recognition latencies (per frame).") { settings, _ in
                settings.stats = true
            },
            Option(name: "--quiet", help: "Print only errors, not each gesture.") { settings, _ in settings.quiet = true },
        ]

        /// A flag: no value.
        init(name: String, help: String, apply: @escaping @Sendable (inout ServeSettings, String) throws(UsageError) -> Void) {
            self.init(name: name, valueName: nil, help: help, apply: apply)
        }

        init(name: String, valueName: String?, help: String,
             apply: @escaping @Sendable (inout ServeSettings, String) throws(UsageError) -> Void) {
            self.name = name
            self.valueName = valueName
            self.help = help
            self.apply = apply
        }

        /// A number of seconds, as ArgumentParser read `Double`s (ranges are ``ServeSettings/validate()``'s).
        static func seconds(_ value: String, of name: String) throws(UsageError) -> Double {
            guard let seconds = Double(value), seconds.isFinite else {
                throw UsageError(description: "The value '\(TextFormat.visible(value))' is invalid for '\(name) <seconds>'")
            }
            return seconds
        }
    }
}
