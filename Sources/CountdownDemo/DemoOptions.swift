/// The demo's command line.
struct DemoOptions {
  enum Mode: Equatable {
    case help
    /// The live board, for about this many seconds.
    case board(seconds: Int)
    /// Headless: this many receivers for this many seconds, then a report.
    case headless(receivers: Int, seconds: Int)
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
    """

  let mode: Mode

  init(arguments: [String]) throws(UsageError) {
    var receivers: Int?
    var seconds: Int?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help":
        mode = .help
        return
      case "--receivers":
        receivers = try Self.positiveNumber(after: argument, remaining.popFirst())
      case "--seconds":
        seconds = try Self.positiveNumber(after: argument, remaining.popFirst())
      default:
        throw UsageError(description: "unknown argument '\(argument)'")
      }
    }
    if let receivers {
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
