extension AlarmsState {
  /// The calls from `held` to `desired`, and what is held after them (`nil`: nothing).
  /// `countsOvertime`: whether the countdown counts overtime, as last read (for a countdown that
  /// went, the one it was).
  static func reconcile(
    _ held: Held?, _ desired: Desired, countsOvertime: Bool, now: Int64
  ) -> ([Operation.Kind], Held?) {
    var held = held
    if case .counting(let deadline)? = held, deadline <= now { held = .fired }
    // An end already passed (come while ticking was suspended, or not delivered yet): its alarm
    // rang, or there is no time left to count. A countdown counting overtime lives on past it.
    if case .counting(let deadline) = desired, deadline <= now {
      return reconcile(held, countsOvertime ? .pastTheEnd : .none, countsOvertime: countsOvertime, now: now)
    }
    switch (held, desired) {
    case (nil, .none), (nil, .pastTheEnd): return ([], nil)
    // The ring of an end, or maybe one (a previous process's, ringing at the start): the person's.
    case (.fired?, .pastTheEnd), (.unknown?, .pastTheEnd): return ([], .fired)
    // The end was moved into the past (time taken) before the alarm rang: nothing to ring for.
    case (.counting?, .pastTheEnd), (.paused?, .pastTheEnd): return ([.cancel(reported: true)], nil)
    case (.fired?, .none):
      // A countdown counting overtime went by a cancel (or its stop flag) of the app's: it is done
      // with it, its ring stops. One that stops ended at its `0`: it rings until the person stops
      // it (dropped when an update shows it gone).
      return countsOvertime ? ([.cancel(reported: false)], nil) : ([], held)
    case (.unknown?, .none): return ([.cancel(reported: false)], nil)
    case (.counting?, .none), (.paused?, .none): return ([.cancel(reported: true)], nil)
    case (nil, .counting(let deadline)):
      return ([.schedule(deadline: deadline)], .counting(deadline: deadline))
    case (nil, .paused(let remaining)):
      return ([.schedulePaused(remaining: remaining), .pause], .paused(remaining: remaining))
    case (.fired?, _), (.unknown?, _):
      let (calls, next) = reconcile(nil, desired, countsOvertime: countsOvertime, now: now)
      return ([.cancel(reported: false)] + calls, next)
    case (.counting(let old)?, .counting(let new)):
      // Within the tolerance: the end the person's resume gave the alarm, which the countdown
      // followed a moment later.
      if abs(old - new) <= tolerance { return ([], held) }
      return ([.cancel(reported: true), .schedule(deadline: new)], .counting(deadline: new))
    case (.counting(let deadline)?, .paused(let remaining)):
      // The alarm keeps what it had left when it is paused: the countdown's, give or take the
      // time between the two.
      if abs(deadline - now - remaining) <= tolerance { return ([.pause], .paused(remaining: deadline - now)) }
      return ([.cancel(reported: true), .schedulePaused(remaining: remaining), .pause], .paused(remaining: remaining))
    case (.paused(let left)?, .paused(let remaining)):
      if abs(left - remaining) <= tolerance { return ([], held) }
      // Time added while paused: AlarmKit has no update.
      return ([.cancel(reported: true), .schedulePaused(remaining: remaining), .pause], .paused(remaining: remaining))
    case (.paused(let left)?, .counting(let deadline)):
      if abs(left - (deadline - now)) <= tolerance { return ([.resume], .counting(deadline: deadline)) }
      return ([.cancel(reported: true), .schedule(deadline: deadline)], .counting(deadline: deadline))
    }
  }
}
