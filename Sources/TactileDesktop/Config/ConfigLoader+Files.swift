// Reading a config from its file, and finding which file: the loader's side that touches the disk.
import TactileService
#if canImport(Glibc)
import Glibc
#endif

extension ConfigLoader {
    /// Reads the config file at `path`: a regular file of at most
    /// `maximumFileSize` bytes of UTF-8. A file that cannot be read gives
    /// one error at its line 1, column 1.
    ///
    /// ```swift
    /// let result = ConfigLoader.load(path: "/etc/tactile/gestures.toml")
    /// ```
    public static func load(path: String, session: SessionSettings = .builtIn) -> ConfigLoadResult {
        switch ConfigFile.read(path, limit: maximumFileSize) {
        case .failure(let failure):
            return ConfigLoadResult(config: nil, diagnostics: [.error(failure.message, at: failure.location)])
        case .success(let text):
            return parse(text, file: path, session: session)
        }
    }

    /// The first of `searchPaths` that exists, if any.
    ///
    /// ```swift
    /// let path = ConfigLoader.locate(environment: ProcessInfo.processInfo.environment)
    /// ```
    public static func locate(environment: [String: String],
                              fileExists: (String) -> Bool = { path in access(path, F_OK) == 0 }) -> String? {
        searchPaths(environment: environment).first(where: fileExists)
    }
}
