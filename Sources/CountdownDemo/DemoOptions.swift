/// The demo's command line.
struct DemoOptions {
  enum Mode: Equatable {
    case help
    /// The live board, for about this many seconds.
    case board(seconds: Int)
    /// Headless: this many receivers for this many seconds, then a report.
    case headless(receivers: Int, seconds: Int)
    /// Headless: a push scheduler follows a short plan in phases, for at most this many seconds.
    case pushes(seconds: Int)
  }

  struct UsageError: Error, CustomStringConvertible {
    var description: String
  }

  static let usage = """
    usage: CountdownDemo                       live board of countdowns, and a workout in phases
                                               (about 30 s; Ctrl-C ends it)
           CountdownDemo --seconds S           the board, for S seconds
           CountdownDemo --receivers N [--seconds S]
                                               headless: N countdowns for S seconds (default 5),
                                               then CPU per tick and per receiver, and memory
           CountdownDemo --pushes [--seconds S]
                                               headless: a push scheduler follows a 5 s Pomodoro,
                                               printing each push, until its end push (at most S s,
                                               default 10)
    """

  let mode: Mode

  init(arguments: [String]) throws(UsageError) {
    var receivers: Int?
    var seconds: Int?
    var pushes = false
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help":
        mode = .help
        return
      case "--receivers":
        receivers = try Self.positiveNumber(after: argument, remaining.popFirst())
      case "--pushes":
        pushes = true
      case "--seconds":
        seconds = try Self.positiveNumber(after: argument, remaining.popFirst())
      default:
        throw UsageError(description: "unknown argument '\(argument)'")
      }
    }
    if pushes {
      guard receivers == nil else { throw UsageError(description: "--pushes takes no --receivers") }
      mode = .pushes(seconds: seconds ?? 10)
    } else if let receivers {
      mode = .headless(receivers: receivers, seconds: seconds ?? 5)
    } else {
      mode = .board(seconds: seconds ?? 30)
    }
  }

  private static func positiveNumber(after option: String, _ value: String?) throws(UsageError) -> Int {
    guard let value, let number = Int(value), number > 0 else {
      throw UsageError(description: "\(option) needs a positive whole number")
    }
    return number
  }
}
