/// Watches an object without keeping it alive, to check that it is freed (a class property, so it
/// compiles the same from Swift 6.0, which has no `weak let`).
package final class WeakWatch<Object: AnyObject> {
  package weak var object: Object?
  package init(_ object: Object) { self.object = object }
}
