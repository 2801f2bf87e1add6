// The process's environment variables as a dictionary, read from `environ` (Foundation's ProcessInfo, without Foundation).
import Glibc

/// The process's environment, read from `environ`, as Foundation's
/// `ProcessInfo.processInfo.environment` gives it (the service's binary
/// links no Foundation).
///
/// ```swift
/// let home = ProcessEnvironment.current()["HOME"]
/// ```
package enum ProcessEnvironment {
    /// Every `NAME=value` of `environ` (the first of a name repeated; entries without `=` left out).
    package static func current() -> [String: String] {
        var variables: [String: String] = [:]
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "="), variables[String(text[..<equals])] == nil {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            index += 1
        }
        return variables
    }
}
