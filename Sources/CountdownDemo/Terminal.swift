import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Draws whole frames in place on a terminal, or prints plain lines when stdout is not one.
@MainActor
final class Terminal {
  /// Whether stdout is an interactive terminal (otherwise: CI logs, pipes).
  let isInteractive = isatty(STDOUT_FILENO) == 1
  private var interruption: (any DispatchSourceSignal)?

  /// Switches to the alternate screen and hides the cursor; Ctrl-C restores the terminal and exits.
  func begin() {
    guard isInteractive else { return }
    write("\u{1B}[?1049h\u{1B}[?25l")
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        self?.end()
        exit(130)
      }
    }
    source.activate()
    interruption = source
  }

  /// Restores the screen and the cursor.
  func end() {
    guard isInteractive else { return }
    write("\u{1B}[?25h\u{1B}[?1049l")
  }

  /// Replaces the screen with `lines` (interactive), or prints them followed by a blank line.
  func draw(_ lines: [String]) {
    if isInteractive {
      write("\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\n") + "\n")
    } else {
      write(lines.joined(separator: "\n") + "\n\n")
    }
  }

  private func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}
