/// Holds the while-ticking figures of the last run.
final class WhileTickingBox {
  var value: OursEngineContender.WhileTicking?
}
