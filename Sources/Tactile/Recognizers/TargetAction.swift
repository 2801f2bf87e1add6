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
