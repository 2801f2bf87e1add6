// Target-action: registering targets and closures on a recognizer, and sending its actions.

/// Identifies an action added with ``GestureRecognizer/addAction(_:)``, for removal.
public struct ActionToken: Hashable, Sendable {
    let rawValue: UInt64
}

/// One registered action: a weakly held target with a method, or a closure.
struct ActionEntry {
    let token: ActionToken
    /// The target, held weakly; `nil` for closure actions.
    weak var target: AnyObject?
    /// Whether the entry was registered with a target (and dies with it).
    let hasTarget: Bool
    let invoke: (AnyObject?, GestureRecognizer) -> Void

    /// A target whose object was released: never invoked again, pruned.
    var isOrphaned: Bool { hasTarget && target == nil }

    /// Drops the entries whose target is gone (see `TouchSearch.swift` for
    /// why searches live outside the main-actor types).
    static func removeOrphans(from entries: inout [ActionEntry]) {
        guard entries.contains(where: \.isOrphaned) else { return }
        entries.removeAll { $0.isOrphaned }
    }

    /// Drops the entries of `target` and those whose target is gone.
    static func remove(target: AnyObject, from entries: inout [ActionEntry]) {
        entries.removeAll { $0.target === target || $0.isOrphaned }
    }

    /// Drops the entry registered under `token`.
    static func remove(token: ActionToken, from entries: inout [ActionEntry]) {
        entries.removeAll { $0.token == token }
    }

    /// The entries whose target is alive, and closures.
    static func liveCount(of entries: [ActionEntry]) -> Int {
        entries.reduce(0) { $0 + ($1.isOrphaned ? 0 : 1) }
    }
}

/// The target-action API, with the recognizer's own type as `Self`, so a
/// method reference such as `Controller.handlePinch` taking a
/// `PinchGestureRecognizer` fits directly.
@MainActor
public protocol TargetActionSending: AnyObject {}

extension GestureRecognizer: TargetActionSending {}

extension TargetActionSending where Self: GestureRecognizer {
    /// Sends `action` to `target` on every action of the recognizer (began,
    /// changed, ended, cancelled; ended alone for discrete recognizers).
    /// The target is held weakly: once it is released it receives nothing.
    ///
    /// ```swift
    /// pinch.addTarget(controller, action: Controller.handlePinch)
    /// ```
    @discardableResult
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> (Self) -> Void) -> ActionToken {
        appendAction(target: target) { target, recognizer in
            guard let target = target as? Target, let recognizer = recognizer as? Self else { return }
            action(target)(recognizer)
        }
    }

    /// Sends a method that takes no argument to `target` (held weakly).
    @discardableResult
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void) -> ActionToken {
        appendAction(target: target) { target, _ in
            guard let target = target as? Target else { return }
            action(target)()
        }
    }

    /// Calls `handler` on every action. The closure is held strongly; capture
    /// objects weakly inside it, and remove it with ``GestureRecognizer/removeAction(_:)``.
    @discardableResult
    public func addAction(_ handler: @escaping (Self) -> Void) -> ActionToken {
        appendAction(target: nil) { _, recognizer in
            guard let recognizer = recognizer as? Self else { return }
            handler(recognizer)
        }
    }
}

extension GestureRecognizer {
    func appendAction(target: AnyObject?, _ invoke: @escaping (AnyObject?, GestureRecognizer) -> Void) -> ActionToken {
        let token = ActionToken(rawValue: core.nextActionToken)
        core.nextActionToken += 1
        ActionEntry.removeOrphans(from: &core.actions)
        core.actions.append(ActionEntry(token: token, target: target, hasTarget: target != nil, invoke: invoke))
        return token
    }

    /// Removes every action of `target`, or every action at all when `target` is `nil`.
    ///
    /// ```swift
    /// pan.removeTarget(controller)
    /// ```
    public final func removeTarget(_ target: AnyObject?) {
        guard let target else {
            core.actions.removeAll()
            return
        }
        ActionEntry.remove(target: target, from: &core.actions)
    }

    /// Removes the action registered under `token`.
    public final func removeAction(_ token: ActionToken) {
        ActionEntry.remove(token: token, from: &core.actions)
    }

    /// The number of live actions (released targets are not counted).
    public final var actionCount: Int { ActionEntry.liveCount(of: core.actions) }

    /// Calls every live action with the recognizer showing `state`.
    func sendActions(as state: State) {
        core.reportedState = state
        defer { core.reportedState = nil }
        ActionEntry.removeOrphans(from: &core.actions)
        // A target may add or remove actions: the loop runs over the list as it was.
        let actions = core.actions
        for entry in actions {
            if entry.hasTarget {
                guard let target = entry.target else { continue }
                entry.invoke(target, self)
            } else {
                entry.invoke(nil, self)
            }
        }
    }
}
