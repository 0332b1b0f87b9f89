/// Watches an object without keeping it alive (a class property, so it compiles the same from
/// Swift 6.0, which has no `weak let`).
///
/// CountdownCoreTests and CountdownKitTests each hold this same helper: the two test targets share
/// no module but the library, and a test helper does not belong in the library.
final class WeakWatch<Object: AnyObject> {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}
