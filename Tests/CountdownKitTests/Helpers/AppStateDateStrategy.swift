import CountdownKit
import Foundation

/// A date strategy an app encodes its own `Codable` state with: the snapshot inside that state
/// must come back exactly under each.
enum AppStateDateStrategy: String, CaseIterable {
  case deferredToDate, iso8601, secondsSince1970, millisecondsSince1970

  /// An app's own state, with a snapshot inside it.
  private struct AppState: Codable {
    var savedAt: Date
    var countdowns: CountdownSnapshot<String>
  }

  /// `snapshot` encoded inside an app's state saved at `savedAt`, with this strategy, and decoded
  /// back.
  func roundTrip(_ snapshot: CountdownSnapshot<String>, savedAt: Date) throws -> CountdownSnapshot<String> {
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    switch self {
    case .deferredToDate:
      (encoder.dateEncodingStrategy, decoder.dateDecodingStrategy) = (.deferredToDate, .deferredToDate)
    case .iso8601:
      (encoder.dateEncodingStrategy, decoder.dateDecodingStrategy) = (.iso8601, .iso8601)
    case .secondsSince1970:
      (encoder.dateEncodingStrategy, decoder.dateDecodingStrategy) = (.secondsSince1970, .secondsSince1970)
    case .millisecondsSince1970:
      (encoder.dateEncodingStrategy, decoder.dateDecodingStrategy) = (.millisecondsSince1970, .millisecondsSince1970)
    }
    let data = try encoder.encode(AppState(savedAt: savedAt, countdowns: snapshot))
    return try decoder.decode(AppState.self, from: data).countdowns
  }
}
