// Failures recorded where their expectation is written, with Swift Testing or XCTest, before they are thrown.
import Testing
import XCTest

extension TouchTester {
    /// The failure saying `message` of the expectation written at `fileID`
    /// (`filePath`), `line`, `column`: recorded there with the test
    /// framework running (an issue in Swift Testing, a failure in XCTest)
    /// unless ``recordsFailures`` is off, so the failure points at that
    /// line, then returned to be thrown. The framework reports the throw
    /// too, where the test begins: Swift Testing as a pointer back to the
    /// recorded failure.
    func recorded(_ message: String, fileID: String, filePath: StaticString, line: Int, column: Int) -> TouchTestFailure {
        var failure = TouchTestFailure(message, fileID: fileID, line: line)
        guard recordsFailures else { return failure }
        if Test.current != nil {
            Issue.record(Comment(rawValue: failure.description),
                         sourceLocation: SourceLocation(fileID: fileID, filePath: "\(filePath)", line: max(line, 1), column: max(column, 1)))
        } else if Self.isXCTestRun {
            XCTFail(failure.description, file: filePath, line: UInt(max(line, 1)))
        } else {
            return failure
        }
        failure.isRecorded = true
        return failure
    }

    /// `failure`, of a call that knows no line of its own (a gesture the
    /// tester refused), recorded as ``recorded(_:fileID:filePath:line:column:)``
    /// records one: the test framework places it where it can, and its
    /// message says what was asked.
    func recorded(_ failure: TouchTestFailure) -> TouchTestFailure {
        var failure = failure
        guard recordsFailures else { return failure }
        if Test.current != nil {
            Issue.record(Comment(rawValue: failure.description))
        } else if Self.isXCTestRun {
            XCTFail(failure.description)
        } else {
            return failure
        }
        failure.isRecorded = true
        return failure
    }

    /// Whether this is an XCTest run (Swift Testing sets `Test.current` in the same binary).
    private static var isXCTestRun: Bool { CommandLine.arguments.first?.hasSuffix(".xctest") == true }
}

extension TouchTestFailure: CustomTestStringConvertible {
    /// How Swift Testing names the thrown failure: once recorded at its
    /// line, a pointer to it rather than the same message again.
    public var testDescription: String {
        guard isRecorded, let fileID, let line else { return description }
        return "the failure recorded at \(fileID.split(separator: "/").last.map(String.init) ?? fileID):\(line) (see above)"
    }
}
