// The state's parts read by name: what the transitions, the pass and the checks read of the
// readings, the suspension and the running pass. Only the parts' own methods change them.

extension EngineState {
  /// See ``EngineReadings/gridOrigin``.
  var gridOrigin: Int64 {
    @inline(__always) get { readings.gridOrigin }
  }

  /// See ``EngineReadings/wakeupInstant``.
  var wakeupInstant: Int64 {
    @inline(__always) get { readings.wakeupInstant }
  }

  /// See ``EngineReadings/latestRegistrationRead``.
  var latestRegistrationRead: Int64 {
    @inline(__always) get { readings.latestRegistrationRead }
  }

  /// See ``EngineReadings/latest``: a call's reading is clamped to it (``monotone(_:)``).
  var latestReading: Int64 {
    @inline(__always) get { readings.latest }
  }

  /// See ``EngineReadings/endInstant``.
  var endInstant: Int64 {
    @inline(__always) get { readings.endInstant }
  }

  /// Set while the engine is suspended: the instant it was suspended.
  var suspendedSince: Int64? {
    @inline(__always) get { suspension.since }
  }

  /// The time the engine spent suspended before ``suspendedSince``, in total.
  var suspendedTotal: Int64 {
    @inline(__always) get { suspension.total }
  }

  /// The running pass's context, if a pass runs.
  var delivery: DeliveryContext? {
    @inline(__always) get { pass.context }
  }
}
