import XCTest

/// Fails unless `body` throws `expected`. `what` names the call in the failure message; it is only
/// formed for one (describing a non-finite `Date` traps).
///
/// `body` throws `Failure` by its type (`CountdownError`, `CountdownSnapshotError`), so the only
/// thing left to check is which one.
package func assertThrows<Failure: Error & Hashable>(
  _ expected: Failure, _ what: @autoclosure () -> String = "", file: StaticString = #filePath,
  line: UInt = #line, _ body: () throws(Failure) -> Void
) {
  assertThrows(oneOf: [expected], what(), file: file, line: line, body)
}

/// Fails unless `body` throws one of `expected`.
package func assertThrows<Failure: Error & Hashable>(
  oneOf expected: Set<Failure>, _ what: @autoclosure () -> String = "", file: StaticString = #filePath,
  line: UInt = #line, _ body: () throws(Failure) -> Void
) {
  let expectation = expected.map { "\($0)" }.sorted().joined(separator: " or ")
  do throws(Failure) {
    try body()
    XCTFail("\(name(what())) was accepted; expected \(expectation)", file: file, line: line)
  } catch {
    if !expected.contains(error) {
      XCTFail("\(name(what())) threw \(error); expected \(expectation)", file: file, line: line)
    }
  }
}

private func name(_ what: String) -> String {
  what.isEmpty ? "the call" : what
}
