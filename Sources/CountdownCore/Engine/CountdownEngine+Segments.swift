// Registrations that walk segments: a plan's phases as the engine's own timing. One registration
// counts down to its current segment's end; at that end the pass moves it on under the lock,
// as a milestone is planned again, and tells the move with one call.

extension CountdownEngine {
  /// Starts (or replaces) the countdown of `receiver` walking the segments of `walk`'s layout, from
  /// its segment, with `left` nanoseconds to go in it (its length by default; at or below 0, its
  /// end passed that long ago, and the first call tells the ends passed since).
  ///
  /// Within a segment, `handler` gets each value (whole intervals left in the segment), as a
  /// countdown's handler does. A change of segment (a segment's end, or several after a late
  /// wakeup, bounded), the registration's first delivery, and the first after a move, a resume or
  /// a call withdrawn before it began, go to the walk instead
  /// (``SegmentWalk/segmentChanged(_:stop:)``), once each: a ``SegmentCall`` with the segment, its
  /// value and the ends passed since the last call made. The plan's end is a call with the final
  /// 0; then the registration ends. After a segment that pauses, the walk waits, paused at the
  /// next segment's full length, until ``resume(_:)``. Its deliveries within a segment are the
  /// walk's (``SegmentWalk/init(layout:ordinal:deliveries:)``): every change, or only the
  /// segments' ends, or milestones in each segment. A walk of every change is told its first
  /// call, every segment change, move, resume and time added; a silent one only its ends (and
  /// milestones), each delivery of it a call.
  ///
  /// Called on the delivery queue, the first call is made inside this call, as
  /// ``register(_:_:whileSuspended:delivering:pastTheEnd:handler:)`` makes its first value.
  ///
  /// - Parameters:
  ///   - receiver: The object the walk belongs to: its key, never retained.
  ///   - walk: A walk made for this registration alone, and not registered before.
  ///   - left: The nanoseconds to go in its segment; `nil`: its length.
  ///   - policy: Whether time spent suspended counts, as for a countdown.
  ///   - paused: Registered frozen with `left`, told at its resume (with nothing left, that segment
  ///     ends there, the next waits paused, and that end is told at once).
  ///   - readAt: The clock reading the caller worked `left` out at; `nil`: the clock is read.
  ///   - callsFirst: Whether the first delivery is a call (the default). `false`: the caller knows
  ///     where the walk starts (its segment, ending `left` after `readAt`), and its first delivery
  ///     is a value, as any later one within the segment, unless it starts paused, past its
  ///     segment's end, or while the engine is suspended, where it is a call still.
  ///   - onDeliveryQueue: `true` from a caller that knows it runs on the delivery queue, as for
  ///     ``submit(_:_:pausedAt:onDeliveryQueue:handler:)``; `nil` asks the queue.
  ///   - handler: Called with each value within a segment.
  /// - Throws: ``CountdownError/outOfRange`` for a negative segment, one that does not fit on the
  ///   clock, or one whose end lies past 292 years of plan (``SegmentLayout/counts(_:)``);
  ///   ``CountdownError/invalidMilestone`` for a milestone below zero; the receiver's existing
  ///   countdown is then left untouched.
  /// - Complexity: O(log *p*), *p* the segments written in the plan.
  package func register(
    _ receiver: AnyObject, walk: SegmentWalk, left: Int64? = nil,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    paused: Bool = false, readAt: CountdownInstant? = nil, callsFirst: Bool = true, onDeliveryQueue: Bool? = nil,
    handler: @escaping CountdownHandler
  ) throws(CountdownError) {
    if let milestones = walk.milestones, !milestones.values.allSatisfy({ $0 >= 0 }) { throw .invalidMilestone }
    let (layout, ordinal) = (walk.layout, walk.ordinal)
    guard layout.counts(ordinal) else { throw .outOfRange }
    let left = left ?? (layout.isEnded(ordinal) ? 0 : layout.length(ofOrdinal: ordinal))
    let reading = readAt?.nanosecondsSinceOrigin ?? clock.now.nanosecondsSinceOrigin
    let context = (onDeliveryQueue ?? isOnDeliveryQueue) ? passScratch.takeContext() : nil
    var failure: CountdownError?
    let registration = state.withLock { state -> Registration in
      do throws(CountdownError) {
        var registration = try state.acceptWalk(
          receiver, handler, walk: walk, left: left, policy: policy, paused: paused, callsFirst: callsFirst,
          reading: reading, deliveringHereWith: context)
        if registration.owesPromptDelivery, registration.delivery == nil, let context {
          registration.delivery = state.beginPromptDeliveryHere(context, at: reading, near: registration.position)
        }
        return registration
      } catch {
        failure = error
        return Registration(actions: EngineActions(), replaced: nil)
      }
    }
    try complete(registration, failure: failure, context: context, reading: reading)
  }

  /// Moves `receiver`'s walk to another segment (``SegmentMove``): the segment it lands on starts
  /// at its full length (less a seek's offset), running or paused as the walk was, and the move is
  /// told by one call, paused too, inside this call on the delivery queue. Ends passed before the
  /// move (a segment's end not delivered yet) are told by that call; the segment left reports no
  /// end. A move past the plan's last segment ends the registration without a call, as
  /// ``cancel(_:)`` does. Once this returns, on any thread, no callback prepared before it begins.
  ///
  /// - Returns: What it did (``SegmentMoveResult``): ``SegmentMoveResult/notFound`` without a
  ///   registration walking segments, ``SegmentMoveResult/planHadEnded`` for one whose plan has
  ///   ended already, its final 0 on its way.
  /// - Throws: ``CountdownError/negativeDuration`` for a seek's negative offset,
  ///   ``CountdownError/outOfRange`` for a seek's negative ordinal, one whose end lies past 292 years
  ///   of plan or past the clock's last instant, or an offset at or past its segment's length;
  ///   nothing changes then.
  /// - Complexity: O(log *p*), *p* the segments written in the plan.
  @discardableResult
  package func move(_ receiver: AnyObject, _ move: SegmentMove) throws(CountdownError) -> SegmentMoveResult {
    let reading = clock.now.nanosecondsSinceOrigin
    var failure: CountdownError?
    var moving = state.withLock { state -> SegmentMoving? in
      if case .seek(let ordinal, let offset) = move, let status = state.walkStatus(of: receiver, now: reading) {
        guard offset >= 0 else {
          failure = .negativeDuration
          return nil
        }
        let layout = status.walk.layout
        let isEnded = layout.isEnded(ordinal)
        guard layout.counts(ordinal), isEnded ? offset == 0 : offset < layout.length(ofOrdinal: ordinal),
          // An end past the clock's last instant could never come, as a start's could not.
          isEnded || !reading.addingReportingOverflow(layout.length(ofOrdinal: ordinal) - offset).overflow
        else {
          failure = .outOfRange
          return nil
        }
      }
      return state.move(receiver, move, now: reading)
    }
    if let failure { throw failure }
    guard let found = moving.take() else { return .notFound }
    if found.endedPlan {
      perform(found.actions)
      _ = consume found  // the handler it released goes here, outside the lock
      return .endedPlan
    }
    deliverHere(found.actions, owesPromptDelivery: found.owesPromptDelivery, reading: reading)
    return found.planHadEnded ? .planHadEnded : .moved
  }

  /// Where `receiver`'s walk stands now: its segment, whether it is paused, its time left and its
  /// end; `nil` without a registration walking segments. With `passingEnds` (the default), a
  /// segment whose end has passed counts as passed, delivered or not; without, it is the current
  /// one until its end is delivered, its time left below 0 (a snapshot keeps how overdue it is).
  /// - Complexity: O(log *p*), *p* the segments written in the plan.
  package func walkStatus(of receiver: AnyObject, passingEnds: Bool = true) -> SegmentStatus? {
    let now = clock.now.nanosecondsSinceOrigin
    return state.withLock { $0.walkStatus(of: receiver, now: now, passingEnds: passingEnds) }
  }
}
