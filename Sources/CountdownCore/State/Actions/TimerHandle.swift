/// The engine's timer behind one class reference. A ``TimerAction`` carrying it is copied and
/// destroyed with a retain and a release; carrying the timer's existential itself, every copy of the
/// action (a registration's result makes several) went through the existential's value witnesses.
final class TimerHandle: Sendable {
  let timer: any CountdownTimer

  init(_ timer: any CountdownTimer) {
    self.timer = timer
  }
}
