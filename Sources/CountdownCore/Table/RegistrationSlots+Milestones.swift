extension RegistrationSlots {
  /// The milestones of the registration in `slot`, if it is delivered at milestones. A dictionary
  /// lookup, made once per milestone delivered; the slots themselves stay 40 bytes, so the tick of
  /// every other registration reads no more than before.
  @inline(__always)
  package func milestones(of slot: SlotReference) -> MilestoneList? {
    milestoneLists.isEmpty ? nil : milestoneLists[slot]
  }
}
