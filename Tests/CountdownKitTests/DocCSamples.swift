// The documentation catalog's code samples that are not the README's, verbatim, between
// `// DOCC:` and `// END DOCC` markers; `DocCSamplesTests` fails if the articles and these drift
// apart, and the compiler checks them. (Samples shared with the README live in ReadmeSamples.swift.)
import CountdownKit
import Foundation

#if canImport(SwiftUI)
  import SwiftUI
#endif
#if canImport(UIKit) && !canImport(WatchKit)
  import UIKit
#endif

/// A quiz question shown on screen, the receiver of its countdown.
@MainActor final class QuizQuestion {
  var secondsLeft = 0
}

// DOCC: resend-button
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct ResendCodeButton: View {
  let send: () -> Void
  @State private var countdown: ObservableCountdown?

  private var isWaiting: Bool { countdown.map { !$0.hasEnded } ?? false }

  var body: some View {
    Button(isWaiting ? "Resend in \(countdown!.remaining) s" : "Resend code") {
      send()
      countdown = try? CountdownManager.shared.countdown(for: .seconds(30))
    }
    .disabled(isWaiting)
  }
}
// END DOCC

// DOCC: time-semantics-query
@MainActor
func showRemaining(of cell: SaleCell, on manager: CountdownManager) {
  if let left = manager.remaining(for: cell) {
    cell.timeLabel.text = RemainingTime(left).formatted()  // as the cell's callback shows it now
  }
}
// END DOCC

func optOutOfAutomaticSuspension() {
  // DOCC: suspends-in-background
  // An audio or navigation app: its countdowns keep ticking in the background.
  CountdownManager.shared.suspendsInBackground = false
  // END DOCC
}

// DOCC: from-lxd
@MainActor
func showOffer(in cell: SaleCell, isSoldOut: @escaping @MainActor () -> Bool) throws {
  try CountdownManager.shared.start(cell, seconds: 60) { cell, remaining, stop in
    cell.timeLabel.text = RemainingTime(seconds: remaining).formatted()
    stop = isSoldOut()  // ends the countdown after this call, as *isStop = YES did
  }
}
// END DOCC

// DOCC: from-countdownlabel
@MainActor
func countDown(_ label: UILabel, from start: Date, to end: Date) throws {
  try CountdownManager.shared.start(label, for: .seconds(end.timeIntervalSince(start))) { label, remaining, _ in
    label.text = RemainingTime(seconds: remaining).formatted()
  }
}
// END DOCC

// DOCC: from-timerservice
@MainActor
final class CallScreen {
  let durationLabel = UILabel()

  func callStarted() {
    CountdownManager.shared.listen(self) { screen, elapsed, _ in
      screen.durationLabel.text = RemainingTime(seconds: elapsed).formatted()
    }
  }

  func callEnded() {
    CountdownManager.shared.cancel(self)
  }
}
// END DOCC

// DOCC: from-timermanager
func scheduleTasks(on manager: CountdownManager, saleStart: Date) throws {
  try manager.start(id: "session", seconds: 15 * 60) { _, remaining, _ in
    if remaining == 0 { print("session expired") }
  }
  manager.listen(id: "poll") { _, elapsed, _ in
    if elapsed % 30 == 0 { print("poll the server") }
  }
  try manager.after(at: saleStart) { print("the sale opened") }
  manager.cancel(id: "poll")
}
// END DOCC

// DOCC: from-singletimer
@MainActor
func runQuiz(_ question: QuizQuestion) throws {
  try CountdownManager.shared.start(question, seconds: 20) { question, remaining, _ in
    question.secondsLeft = remaining
  }
  CountdownManager.shared.pause(question)   // the player opened a hint
  CountdownManager.shared.resume(question)  // and closed it
}
// END DOCC
