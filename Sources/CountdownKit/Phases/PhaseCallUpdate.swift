/// What a handler of a countdown in phases is given, made from one call of its engine
/// registration (``PhaseCall``): the public ``CountdownPhaseUpdate``, or the package's
/// ``PhaseSequenceUpdate``. One engine handler (``CountdownManager/phaseHandler(of:_:)``) serves
/// both, specialized for each, so that the update is made in place at each call, with no closure
/// between the engine's call and the app's.
protocol PhaseCallUpdate {
  /// The update of `call`, a call of `sequence`'s registration.
  init(_ call: PhaseCall, of sequence: PhaseSequence)
}

extension CountdownPhaseUpdate: PhaseCallUpdate {}

extension PhaseSequenceUpdate: PhaseCallUpdate {
  /// The update of `call`, its position worked out from `sequence`'s plan at the call's instant.
  init(_ call: PhaseCall, of sequence: PhaseSequence) {
    self.init(call, in: sequence.plan.layout)
  }
}
