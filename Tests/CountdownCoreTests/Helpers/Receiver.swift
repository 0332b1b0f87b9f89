/// A receiver: any object works; tests use this one to give them names.
final class Receiver: Sendable, CustomStringConvertible {
  let name: String
  init(_ name: String) { self.name = name }
  var description: String { name }
}
