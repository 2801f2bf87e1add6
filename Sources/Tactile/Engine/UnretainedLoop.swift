// A loop over recognizers that uses each without retaining it, for the engine's per-frame paths.

extension Array where Element == GestureRecognizer {
    /// Calls `body` with each recognizer in order, without retaining it: the
    /// array, which the caller holds for the call, keeps every one alive. A
    /// plain `for` loop retains and releases each reference it loads, which
    /// was a quarter of the engine's instructions when every recognizer was
    /// reached this way for every touch of every frame.
    ///
    /// Nonisolated, so the closure a main-actor caller writes carries no
    /// runtime executor check (see `TouchSearch.swift`).
    @inline(__always)
    nonisolated func forEachUnretained(_ body: (GestureRecognizer) -> Void) {
        for index in indices {
            Unmanaged.passUnretained(self[index])._withUnsafeGuaranteedRef(body)
        }
    }
}
