// What a pinch or a rotation saw of its fingers before it began: when they deform, and why they failed.

/// What a pinch or a rotation saw of its fingers before it began: the most
/// fingers down, and at the last frame judged their span and how they
/// moved. Both begin the same way once their own measure (a span's change,
/// a turn) is enough — when the fingers deform rather than translate
/// (``MultiFingerMotion``) — and both fail saying the same things when it
/// did not happen.
///
/// ```swift
/// evidence.judge(span: span)
/// guard changedEnough, evidence.deforms(current, since: anchors) else { return }
/// transition(to: .began)
/// // when the fingers lift first:
/// evidence.unmetCriterion(minimumFingers: 2, changedEnough: changedEnough, minimumSpan: 8)
///     ?? .turn(degrees: degrees, minimum: 6.9)
/// ```
struct DeformationEvidence {
    /// The most fingers seen.
    var mostFingers = 0
    /// Whether the fingers, their measure being enough, moved together.
    var translated = false
    /// At the last frame judged: the fingers' span (mm), and why their
    /// motion was undecided once their measure was enough.
    private(set) var span = 0.0
    private(set) var undecided: MultiFingerMotion.Shortfall?

    /// Starts judging a frame in which the fingers span `span` mm.
    mutating func judge(span: Double) {
        self.span = span
        undecided = nil
    }

    /// Whether `current` deforms since `anchors` (the gesture then begins),
    /// noting whether it translated or was undecided instead.
    mutating func deforms(_ current: [Touch], since anchors: TouchAnchors) -> Bool {
        let motion = anchors.motion(current)
        translated = motion == .translation
        if motion == .undecided { undecided = anchors.shortfall(current) }
        return motion == .deformation
    }

    /// Why a gesture that did not begin failed: too few fingers, fingers
    /// that moved together, or, when their measure was enough
    /// (`changedEnough`), a span under `minimumSpan` mm or a motion still
    /// undecided. `nil`: its measure was too small, which the gesture says.
    func unmetCriterion(minimumFingers: Int, changedEnough: Bool, minimumSpan: Double) -> GestureRecognizer.FailureReason.Criterion? {
        if mostFingers < minimumFingers { return .fingerCount(wanted: minimumFingers, down: mostFingers) }
        if translated { return .fingersMovedTogether }
        guard changedEnough else { return nil }
        if span < minimumSpan { return .spanTooSmall(millimetres: span, minimum: minimumSpan) }
        return undecided.map { .motionUndecided($0, wanted: .deformation) }
    }
}
