extension RegistrationSlots {
  /// The milestones of the registration in `slot`, if it is delivered at milestones. A dictionary
  /// lookup, made once per milestone delivered; neither the slots (24 bytes each) nor the nodes a
  /// tick walks (40 bytes each) grow for them, so a registration without milestones costs no more.
  @inline(__always)
  package func milestones(of slot: SlotReference) -> MilestoneList? {
    milestoneLists.isEmpty ? nil : milestoneLists[slot]
  }
}
