// The one place Tactile's version is written down.
/// The version of Tactile that `tactile --version` and `tactiled --version`
/// print: the one place it is written down. Raise it here when a release is
/// tagged (`vX.Y.Z`).
///
/// ```swift
/// print(TactileVersion.current)   // 0.2.0
/// ```
package enum TactileVersion {
    /// Semantic version of the package (engine, recording formats and CLI together).
    package static let current = "0.2.0"
}
