// The one place Tactile's version is written down.
/// The version of Tactile that `tactile --version` prints: the one place it
/// is written down. Raise it here when a release is tagged (`vX.Y.Z`).
enum TactileVersion {
    /// Semantic version of the package (engine, recording formats and CLI together).
    static let current = "0.2.0"
}
