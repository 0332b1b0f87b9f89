// The engine's cost rules (11, 12 and 13 in Documentation/Contributors.docc/EngineRules.md).
extension EngineState {
  /// Rule 13 for a wakeup at clock reading `reading` whose pass only probed paused registrations
  /// (it delivered nothing): one a minute after the last such wakeup at the soonest (less an
  /// interval, for the grid's rounding and the clock's jitter), unless the registrations changed
  /// between (``EngineCounts/noteChange()``). The
  /// excess is counted (``EngineCounts/probeWakeupsTooSoon``) and, in builds with internal
  /// checks, reported.
  mutating func checkProbeWakeup(at reading: Int64) {
    let minimumGap = WakeupGrid.minimumProbePeriod - grid.interval
    let last = counts.lastProbeOnlyWakeup
    guard counts.countProbeOnlyWakeup(at: reading, minimumGap: minimumGap) else { return }
    #if COUNTDOWN_CHECK_INVARIANTS
      BrokenRuleRecorder.report(
        [
          "a wakeup at \(reading) only probed paused registrations, \(reading.subtractingSaturated(last ?? reading)) ns after the last"
        ],
        "engine cost rules")
    #endif
  }

  /// Rule 13's idle part, at any time: between passes, an empty table leaves the timer disarmed
  /// (a wakeup planned for it would find nothing to do).
  func checkNoWakeupIsPlannedForAnEmptyTable() -> [String] {
    guard table.isEmpty, pass.context == nil, arming.mayFire else { return [] }
    guard let armedAt = arming.armedAt else {
      return ["the timer still repeats, after a fire far later than due, with the table empty"]
    }
    return ["the timer is armed for \(armedAt) with the table empty"]
  }

  /// Rule 11 for the pass that `progress` describes, as it finishes. The excess, if any, is
  /// counted (``EngineCounts/examinedOverAllowance``) and, in builds with internal checks, reported.
  mutating func checkWakeupCost(_ progress: PassProgress) {
    let allowed = progress.delivered + progress.allowance + ChunkLimits.capacity
    guard progress.examined > allowed else { return }
    counts.countExaminedOverAllowance(progress.examined - allowed)
    #if COUNTDOWN_CHECK_INVARIANTS
      BrokenRuleRecorder.report(
        [
          "a pass looked at \(progress.examined) registrations, delivering \(progress.delivered): "
            + "more than the \(allowed) the cost rule allows"
        ], "engine cost rules")
    #endif
  }

  /// Rule 11's quiet part, at any time: the pool's walked part holds every registration but the
  /// quiet ones. Quiet is spelled out here from the timing, not asked of ``belongsInQuietPart(_:)``,
  /// which the transitions use, so that the check does not trust what it checks. O(count).
  func checkQuietRegistrationsAreApart() -> [String] {
    var problems: [String] = []
    table.nodes.withUnsafeBufferPointer { nodes in
      for position in nodes.indices {
        let timing = nodes[position].timing
        let inQuietPart = table.isInQuietPart(NodeIndex(position))
        let belongsThere = grid.endsHaveOwnGrid && timing.skipsChanges && !timing.isPaused
        if belongsThere != inQuietPart {
          problems.append(
            inQuietPart
              ? "a registration a tick must walk is in the quiet part, at \(position) of \(nodes.count)"
              : "a quiet registration is in the walked part, at \(position) of \(table.walkedCount)")
        }
      }
    }
    return problems
  }

  /// The cost rules over the engine's life so far, and rule 11's quiet part and rule 13's idle
  /// part now (O(count)).
  func costRuleViolations() -> [String] {
    var problems: [String] = []
    if counts.examinedOverAllowance > 0 {
      problems.append(
        "passes looked at \(counts.examinedOverAllowance) registrations over what they delivered, "
          + "took from an index, the walked part of walks that were due and one chunk")
    }
    if counts.probeWakeupsTooSoon > 0 {
      problems.append(
        "\(counts.probeWakeupsTooSoon) wakeups only probed paused registrations less than a minute after the last"
      )
    }
    return problems + checkQuietRegistrationsAreApart() + indexCostViolations()
      + checkNoWakeupIsPlannedForAnEmptyTable()
  }

  /// Rule 12 over the engine's life so far, both indexes together
  /// (``TimingWheel/slotWalkBound(queries:links:)``).
  func indexCostViolations() -> [String] {
    var problems: [String] = []
    let walked = ends.slotWalkSteps + (wheel?.slotWalkSteps ?? 0)
    let queries = ends.slotQueries + (wheel?.slotQueries ?? 0)
    let links = ends.links + (wheel?.links ?? 0)
    let bound = TimingWheel<NotedEnd>.slotWalkBound(queries: queries, links: links)
    if walked > bound {
      problems.append(
        "the indexes walked \(walked) entries to find slots' soonest, over the bound \(bound) (\(queries) slots asked, \(links) entries linked)"
      )
    }
    return problems
  }
}
