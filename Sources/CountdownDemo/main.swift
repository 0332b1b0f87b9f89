// `swift run CountdownDemo`: a live board of countdowns, all driven by one shared timer.
// `swift run CountdownDemo --receivers 100000 --seconds 5`: the same engine, headless, at scale.
import Dispatch
import Foundation

let options: DemoOptions
do {
  options = try DemoOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("\(error)\n\n\(DemoOptions.usage)\n".utf8))
  exit(2)
}

switch options.mode {
case .help:
  print(DemoOptions.usage)
  exit(0)
case .board(let seconds):
  SaleBoard(runFor: seconds, terminal: Terminal()).start()
case .headless(let receivers, let seconds):
  ScaleRun(receivers: receivers, seconds: seconds).start()
}
dispatchMain()
