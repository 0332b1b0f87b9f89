/// Where ``CountdownReadAloud`` sends what it reads aloud: ``VoiceOverAnnouncer`` (the default), or
/// one of the app's, to show a banner, speak through its own synthesizer, or keep the texts in a
/// test.
public protocol CountdownAnnouncer: Sendable {
  /// Reads `text` aloud (or shows it); called on the main actor, once per milestone.
  @MainActor func announce(_ text: String)
}
