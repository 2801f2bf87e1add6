// The loop vocabulary's old names inside LiveSession: the types every device loop shares are top-level now.

extension LiveSession {
    /// The stop request of every device loop, ``TactileEvdev/StopSignal``.
    ///
    /// ```swift
    /// let stop = StopSignal()   // was LiveSession.StopSignal()
    /// ```
    @available(*, deprecated, renamed: "StopSignal")
    public typealias StopSignal = TactileEvdev.StopSignal

    /// Why a device loop returned, ``SessionEndReason``.
    ///
    /// ```swift
    /// let reason: SessionEndReason = outcome.reason   // was LiveSession.EndReason
    /// ```
    @available(*, deprecated, renamed: "SessionEndReason")
    public typealias EndReason = SessionEndReason

    /// ``TactileEvdev/StopSignal/checkInterval``, where every device loop reads it.
    ///
    /// ```swift
    /// let wait = StopSignal.checkInterval   // was LiveSession.checkInterval
    /// ```
    @available(*, deprecated, renamed: "StopSignal.checkInterval")
    public nonisolated static let checkInterval = TactileEvdev.StopSignal.checkInterval
}
