/// Watches an object without keeping it alive (a class property, so it compiles the same from
/// Swift 6.0, which has no `weak let`).
final class WeakWatch<Object: AnyObject> {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}
