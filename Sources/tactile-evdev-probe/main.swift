// tactile-evdev-probe: a test helper, not a product. Opens one evdev node with
// EvdevDevice, reads events until the stream ends or goes idle, and prints one
// JSON object per line:
//
//   {"opened":"/dev/input/event12","name":"…","kind":"touchpad","slots":2,…,"calibration":"0 -1 1 1 0 0"}
//   {"sec":0,"usec":5000,"type":3,"code":53,"value":3000}
//   {"end":"timedOut"}            (or "deviceGone", "stopped")
//   {"error":"notAnEvdevNode","message":"…"}   (exit status 2)
//
// Usage: tactile-evdev-probe PATH [--timeout SECONDS] [--max N] [--require-touch] [--grab] [--read-after-removal]
//        tactile-evdev-probe --follow KIND …   (a FollowingSession: see Follow.swift)
//
// --read-after-removal waits, after opening, until PATH is gone (at most 30 s) and
// half a second more before the first read: the device's removal and hang-up are
// then met by a read, not by a wait in poll(2).
import Tactile
import TactileEvdev
#if canImport(Glibc)
import Glibc
#endif


/// Writes `line` at once (unbuffered), so nothing is lost if the process is killed.
func emit(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        if written <= 0 { return }
        offset += written
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--follow" { exit(follow(arguments)) }
var path: String?
var timeout = 1.0
var maximum = Int.max
var options = EvdevDevice.OpenOptions()
var readAfterRemoval = false
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--timeout":
        guard let value = arguments.first.flatMap(Double.init) else {
            emit(#"{"error":"usage","message":"--timeout needs a number of seconds"}"#)
            exit(64)
        }
        arguments.removeFirst()
        timeout = value
    case "--max":
        guard let value = arguments.first.flatMap({ Int($0) }) else {
            emit(#"{"error":"usage","message":"--max needs a count"}"#)
            exit(64)
        }
        arguments.removeFirst()
        maximum = value
    case "--read-after-removal": readAfterRemoval = true
    case "--require-touch": options.requireTouch = true
    case "--grab": options.grab = true
    default: path = argument
    }
}
guard let path else {
    emit(#"{"error":"usage","message":"usage: tactile-evdev-probe PATH [--timeout SECONDS] [--max N] [--require-touch] [--grab] [--read-after-removal]"}"#)
    exit(64)
}

do throws(EvdevError) {
    let device = try EvdevDevice(path: path, options: options)
    let info = device.description
    emit("{\"opened\":\(JSONText.quote(path)),\"name\":\(JSONText.quote(info.name)),\"kind\":\"\(info.kind.rawValue)\",\"slots\":\(info.slotCount),\"monotonic\":\(device.usesMonotonicClock),\"grabbed\":\(device.isGrabbed),\"calibration\":\(device.udevCalibration.map { JSONText.quote($0.description) } ?? "null")}")
    if readAfterRemoval {
        var info = stat()
        for _ in 0..<600 where stat(path, &info) == 0 { usleep(50_000) }
        usleep(500_000)
    }
    var count = 0
    let end = try device.readEvents(idleTimeout: timeout) { event in
        emit("{\"sec\":\(event.seconds),\"usec\":\(event.microseconds),\"type\":\(event.type.rawValue),\"code\":\(event.code),\"value\":\(event.value)}")
        count += 1
        return count < maximum
    }
    device.ungrab()
    emit("{\"end\":\"\(end)\",\"dropped\":\(device.droppedCount)}")
} catch {
    emit("{\"error\":\"\(error.reason)\",\"message\":\(JSONText.quote(error.description))}")
    exit(2)
}
