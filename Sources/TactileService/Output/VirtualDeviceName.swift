// The names of the service's virtual devices, shortened to what uinput keeps.

/// Names for uinput devices that fit the kernel's limit whole.
///
/// uinput keeps at most `UINPUT_MAX_NAME_SIZE` (80) bytes of a device's name,
/// the terminating NUL included, and cuts the rest wherever it falls: a
/// 64-byte touchscreen name and `" pointer (Tactile)"` came out as
/// `…USB TouchScreen pointer (Tactil`. ``make(_:suffix:)`` shortens the
/// *device's* name instead, at a word boundary where it can, marks the cut
/// with `…`, and keeps the suffix whole. Bytes of UTF-8 are counted, and a
/// name is only ever cut between characters (never inside a multi-byte
/// character or a character's combining marks).
///
/// ```swift
/// VirtualDeviceName.make("Beijing IRTOUCHSYSTEMS Co.,LtD IRTOUCH InfraRed USB TouchScreen",
///                        suffix: " pointer (Tactile)")
/// // "Beijing IRTOUCHSYSTEMS Co.,LtD IRTOUCH InfraRed USB… pointer (Tactile)"
/// VirtualDeviceName.make("Panel 10.1", suffix: " (Tactile)")   // "Panel 10.1 (Tactile)"
/// ```
public enum VirtualDeviceName {
    /// The bytes of UTF-8 a uinput device's name keeps: `UINPUT_MAX_NAME_SIZE`
    /// (80) less the terminating NUL.
    public static let maximumBytes = 79
    /// What marks a shortened name (3 bytes of UTF-8).
    public static let ellipsis = "…"
    /// Characters left off the end of a shortened name before the ellipsis
    /// (`"Co., Ltd -"` reads `"Co., Ltd…"`).
    static let trailingSeparators: Set<Character> = [" ", "\t", ",", ";", ":", "-", "_", "/", "(", "["]

    /// `name` followed by `suffix`, in at most ``maximumBytes`` bytes of UTF-8.
    ///
    /// A name that fits is returned as it is. Otherwise `name` is cut so that
    /// it, ``ellipsis`` and the whole of `suffix` fit: after its last whole
    /// word when that keeps at least half of the room, else after its last
    /// whole character, and separators left at the cut (spaces, commas,
    /// dashes) are dropped. Only a suffix too long to leave room for the
    /// ellipsis is itself cut, between characters.
    public static func make(_ name: String, suffix: String = "") -> String {
        if name.utf8.count + suffix.utf8.count <= maximumBytes { return name + suffix }
        let room = maximumBytes - suffix.utf8.count - ellipsis.utf8.count
        guard room >= 0 else { return String(prefix(of: name + suffix, bytes: maximumBytes)) }
        let head = prefix(of: name, bytes: room)
        return String(trimmed(atWordBoundary(head, in: name, room: room))) + ellipsis + suffix
    }

    /// The longest run of whole characters from the start of `text` within
    /// `bytes` bytes of UTF-8.
    static func prefix(of text: String, bytes: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            used += text[index].utf8.count
            if used > bytes { break }
            end = text.index(after: index)
        }
        return text[..<end]
    }

    /// `head` (a prefix of `name` that fits `room`) cut back to its last whole
    /// word: to just before its last space, unless the cut already falls at
    /// a space or the words kept would fill less than half of `room`.
    static func atWordBoundary(_ head: Substring, in name: String, room: Int) -> Substring {
        if head.endIndex < name.endIndex, name[head.endIndex].isWhitespace { return head }
        guard let space = head.lastIndex(where: \.isWhitespace) else { return head }
        let words = head[..<space]
        return words.utf8.count * 2 >= room ? words : head
    }

    /// `text` without the separators at its end (the whole of `text` when
    /// nothing else would be left).
    static func trimmed(_ text: Substring) -> Substring {
        var end = text.endIndex
        while end > text.startIndex {
            let previous = text.index(before: end)
            guard trailingSeparators.contains(text[previous]) || text[previous].isWhitespace else { break }
            end = previous
        }
        return end > text.startIndex ? text[..<end] : text
    }
}
