/// A plain (non-Sendable, non-isolated) model object as receiver.
final class OrderModel {
  var remaining: Int?
  var updates = 0
}
