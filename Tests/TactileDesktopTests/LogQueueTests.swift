// The log queue: lines written in order and escaped, a stalled reader never holds up the caller, drops counted and said.
import Foundation
@testable import TactileDesktop
import TactileService
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct LogQueueTests {
    /// A pipe: read end non-blocking, write end blocking (as a terminal's or a journal's is).
    struct Pipe {
        let reader: Int32, writer: Int32

        init() throws {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            reader = ends[0]
            writer = ends[1]
            _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) | O_NONBLOCK)
        }

        /// Fills the pipe, as a reader that stopped reading leaves it; returns how many bytes.
        func fill() -> Int {
            _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK)
            defer { _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) & ~O_NONBLOCK) }
            var total = 0
            for size in [4096, 1] {
                let bytes = [UInt8](repeating: UInt8(ascii: "#"), count: size)
                while true {
                    let count = bytes.withUnsafeBytes { write(writer, $0.baseAddress, size) }
                    if count <= 0 { break }
                    total += count
                }
            }
            return total
        }

        /// What is there to read now.
        func readAvailable() -> [UInt8] {
            var result: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
                if count <= 0 { return result }
                result += buffer[0..<count]
            }
        }

        /// Reads until `queue` has written everything (at most `timeout` seconds).
        func drain(_ queue: LogQueue, timeout: Double = 5) -> String {
            var bytes: [UInt8] = []
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                bytes += readAvailable()
                if queue.flush(timeout: 0.01) { break }
            }
            bytes += readAvailable()
            return String(decoding: bytes, as: UTF8.self)
        }

        func close() {
            Glibc.close(reader)
            Glibc.close(writer)
        }
    }

    @Test func linesAreWrittenInOrderWithControlCharactersEscaped() throws {
        let pipe = try Pipe()
        defer { pipe.close() }
        let queue = LogQueue(fileDescriptor: pipe.writer)
        queue.enqueue("first")
        queue.enqueue("a name\u{1b}]0;pwned\u{07} with a \\ kept")
        queue.enqueue("third")
        let text = pipe.drain(queue)
        #expect(text == "first\na name\\x1b]0;pwned\\x07 with a \\ kept\nthird\n")
        #expect(queue.droppedCount == 0)
    }

    @Test func aStalledReaderNeverHoldsUpTheCallerAndTheDropsAreSaidOnceThereIsRoom() throws {
        let pipe = try Pipe()
        defer { pipe.close() }
        let filling = pipe.fill()
        let queue = LogQueue(fileDescriptor: pipe.writer, maximumLines: 16)
        // Nothing can be written: every enqueue still returns at once, and the queue stays bounded.
        let start = Date()
        for index in 0..<1000 { queue.enqueue("line \(index)") }
        let elapsed = Date().timeIntervalSince(start)
        // An enqueue that waited for the pipe would wait for ever (it is drained only below): any
        // bound tells the two apart, and a generous one holds on a busy machine.
        #expect(elapsed < 10, "1000 lines took \(elapsed) s to queue")
        let dropped = queue.droppedCount
        #expect(dropped >= 1000 - 2 * 16 && dropped < 1000, "dropped \(dropped)")
        // The end's wait is bounded: the lines are not written, and it says so.
        let flushStart = Date()
        #expect(!queue.flush(timeout: 0.2))
        #expect(Date().timeIntervalSince(flushStart) < 5)   // 0.2 s, with room for a busy machine

        // The reader reads again: the lines kept, then where the rest went, then what follows.
        let deadline = Date().addingTimeInterval(5)
        var bytes: [UInt8] = []
        while Date() < deadline, bytes.count < filling { bytes += pipe.readAvailable() }
        var text = String(decoding: bytes.dropFirst(filling), as: UTF8.self) + pipe.drain(queue)
        queue.enqueue("after the stall")
        text += pipe.drain(queue)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "line 0", "\(lines)")
        // The lines kept, in order; each run of dropped lines said where it was (the writer may take a
        // batch while the caller goes on, so there can be more than one), and they add up.
        let kept = lines.compactMap { $0.hasPrefix("line ") ? Int($0.dropFirst(5)) : nil }
        #expect(kept == kept.sorted() && kept.first == 0, "\(kept)")
        #expect(kept.count + dropped == 1000)
        let notices = lines.compactMap { line -> Int? in
            guard line.hasPrefix("("), line.hasSuffix("dropped here: the log was not read fast enough)") else { return nil }
            return Int(line.dropFirst().prefix { $0.isNumber })
        }
        #expect(notices.reduce(0, +) == dropped, "\(lines.filter { !$0.hasPrefix("line ") })")
        #expect(lines.dropLast().last?.hasSuffix("dropped here: the log was not read fast enough)") == true, "\(lines)")
        // Where a run was dropped, the next kept line follows its notice.
        var expected = 0
        for line in lines.dropLast() {
            if let index = line.hasPrefix("line ") ? Int(line.dropFirst(5)) : nil {
                #expect(index == expected, "line \(index) where \(expected) was next")
                expected = index + 1
            } else if let count = Int(line.dropFirst().prefix { $0.isNumber }) {
                expected += count
            }
        }
        #expect(lines.last == "after the stall")
        #expect(queue.flush(timeout: 1))
    }

    @Test func aLineLongerThanTheLimitIsCut() throws {
        let pipe = try Pipe()
        defer { pipe.close() }
        let queue = LogQueue(fileDescriptor: pipe.writer)
        queue.enqueue(String(repeating: "x", count: 100_000))
        let text = pipe.drain(queue)
        #expect(text.utf8.count <= LogQueue.maximumLineBytes + 1)
        #expect(text.hasSuffix("…\n"))
    }
}
