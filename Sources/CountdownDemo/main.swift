// `swift run CountdownDemo`: a live board of countdowns, all driven by one shared timer.
// `swift run CountdownDemo --receivers 100000 --seconds 5`: the same engine, headless, at scale.
// `swift run CountdownDemo --pushes`: a push scheduler following a plan in phases, headless.
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
  if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) {
    SaleBoard(runFor: seconds, terminal: Terminal()).start()
  } else {
    // The board renders from an observable list: Observation came with macOS 14.
    FileHandle.standardError.write(Data("The live board needs macOS 14 or later; try --receivers.\n".utf8))
    exit(2)
  }
case .headless(let receivers, let seconds):
  ScaleRun(receivers: receivers, seconds: seconds).start()
case .pushes(let seconds):
  PushRun(seconds: seconds).start()
}
dispatchMain()
