/// A UI-like receiver: a main-actor class, as UIKit views and view controllers are.
@MainActor
final class CountdownLabel {
  let name: String
  var text = ""
  /// Every value this label was given.
  var shown: [Int] = []
  init(_ name: String) { self.name = name }
}
