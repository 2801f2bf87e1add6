// The umockdev `E:` line writer: evemu event lines with unpadded microseconds, as umockdev-run replays them.
import Tactile

/// The event lines umockdev replays into a mocked node
/// (`umockdev-run -e NODE=FILE`, or `--evemu-events`): one evemu
/// `E: <sec>.<usec> <type> <code> <value>` line per event, type and code as
/// four hexadecimal digits, no comment.
///
/// The microseconds are written without leading zeros (`E: 12.9829 …` for
/// 9829 µs): umockdev 0.17 reads them as a C integer with base detection, so
/// evemu's zero-padded `009829` would be taken as octal (or as 0 at an 8 or
/// 9) and the events would arrive with wrong timestamps. evemu reads these
/// lines as meant too (`%06u` takes up to six digits); ``EvemuReader``,
/// which insists on six digits, does not.
enum UmockdevEventLines {
    /// One line per event, each ending in a line feed.
    static func text<Events: Sequence<InputEvent>>(for events: Events) -> String {
        var text = ""
        for event in events {
            text += "E: \(event.seconds).\(event.microseconds) "
            text += TextFormat.hex(event.type.rawValue, width: 4) + " " + TextFormat.hex(event.code, width: 4) + " \(event.value)\n"
        }
        return text
    }
}
