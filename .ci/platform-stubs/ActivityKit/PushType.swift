/// ActivityKit's `PushType`: how an activity receives remote updates; the package passes none.
@available(iOS 16.1, *)
public struct PushType: Equatable {
  private init() {}

  /// Updates through an activity push token.
  public static var token: PushType { PushType() }
}
