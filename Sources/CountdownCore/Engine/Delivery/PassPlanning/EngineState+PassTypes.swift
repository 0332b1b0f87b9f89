// The pass's own types, named as the engine names them: the planning under the lock is the
// state's, the calling outside it the engine's, and both speak of the same pass.

extension EngineState {
  typealias PassKind = CountdownEngine.PassKind
  typealias PassProgress = CountdownEngine.PassProgress
  typealias ChunkInstants = CountdownEngine.ChunkInstants
  typealias ScheduledChange = CountdownEngine.ScheduledChange
  typealias PreparedDelivery = CountdownEngine.PreparedDelivery
  typealias PausedProbe = CountdownEngine.PausedProbe
}
