/// The plans of the followed ids' snapshots, each kept once: a server follows many ids of the same
/// plan, each snapshot decoded from the app's JSON with a plan of its own, and a plan's parts and
/// arithmetic were most of what a followed id kept. Each plan is counted once per phase entry of a
/// snapshot held, and let go of when the last one goes.
@usableFromInline
struct PushPlanTable: Sendable {
  /// Each plan held, and how many phase entries of the snapshots held walk it.
  @usableFromInline var uses: [CountdownPlan: Int] = [:]

  /// How many plans are held.
  @inlinable var count: Int { uses.count }

  /// `snapshot` with each phase entry's plan replaced by the equal one held, if any (an equal plan:
  /// the same parts, so the same schedule), counted once more.
  ///
  /// - Complexity: O(*e* *p*) for *e* phase entries of *p* phases written in their plans: each plan
  ///   hashed, and compared with the one held.
  @inlinable
  mutating func intern<ID>(_ snapshot: CountdownSnapshot<ID>) -> CountdownSnapshot<ID> {
    var interned = snapshot
    for index in interned.phaseEntries.indices {
      let plan = interned.phaseEntries[index].plan
      if let held = uses.index(forKey: plan) {
        uses.values[held] += 1
        interned.phaseEntries[index].plan = uses.keys[held]
      } else {
        uses[plan] = 1
      }
    }
    return interned
  }

  /// Counts `snapshot`'s plans once less, letting go of those no snapshot held walks.
  ///
  /// - Complexity: O(*e* *p*), as ``intern(_:)``.
  @inlinable
  mutating func release<ID>(_ snapshot: CountdownSnapshot<ID>) {
    for entry in snapshot.phaseEntries {
      guard let held = uses.index(forKey: entry.plan) else { continue }
      if uses.values[held] > 1 {
        uses.values[held] -= 1
      } else {
        uses.remove(at: held)
      }
    }
  }
}
