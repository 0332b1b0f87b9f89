public import Foundation

/// Where a manager or an ``ObservableCountdownList`` keeps its countdowns between launches: a
/// file, or a key of `UserDefaults`.
///
/// ```swift
/// let store = CountdownStore.file(URL.applicationSupportDirectory.appending(path: "orders.json"))
/// try manager.keepSaved(String.self, in: store) { id, remaining, _ in
///   orders.remaining[id] = remaining
/// }
/// ```
///
/// What is written is a ``CountdownSnapshot`` encoded as JSON.
public struct CountdownStore: Hashable, Sendable {
  private enum Place: Hashable, Sendable {
    case file(URL)
    case userDefaults(suiteName: String?, key: String)
  }

  private let place: Place

  /// A file, written atomically (a crash while saving leaves the previous save).
  public static func file(_ url: URL) -> CountdownStore {
    CountdownStore(place: .file(url))
  }

  /// A key of the standard `UserDefaults`, or of the suite named `suiteName` (an app group shared
  /// with a widget, say).
  public static func userDefaults(suiteName: String? = nil, key: String) -> CountdownStore {
    CountdownStore(place: .userDefaults(suiteName: suiteName, key: key))
  }

  /// What was saved last, or `nil` if nothing was.
  ///
  /// - Throws: The file system's error for a file that exists but cannot be read.
  public func load() throws -> Data? {
    switch place {
    case .file(let url):
      guard FileManager.default.fileExists(atPath: url.path) else { return nil }
      return try Data(contentsOf: url)
    case .userDefaults(let suiteName, let key):
      return defaults(suiteName)?.data(forKey: key)
    }
  }

  /// Replaces what is saved with `data`.
  ///
  /// - Throws: The file system's error for a file that cannot be written.
  public func save(_ data: Data) throws {
    switch place {
    case .file(let url):
      try data.write(to: url, options: .atomic)
    case .userDefaults(let suiteName, let key):
      defaults(suiteName)?.set(data, forKey: key)
    }
  }

  /// Forgets what is saved.
  ///
  /// - Throws: The file system's error for a file that exists but cannot be removed.
  public func remove() throws {
    switch place {
    case .file(let url):
      guard FileManager.default.fileExists(atPath: url.path) else { return }
      try FileManager.default.removeItem(at: url)
    case .userDefaults(let suiteName, let key):
      defaults(suiteName)?.removeObject(forKey: key)
    }
  }

  /// The defaults of `suiteName`, made on each use: `UserDefaults` is thread-safe, but a value of
  /// it cannot be held by a `Sendable` store.
  private func defaults(_ suiteName: String?) -> UserDefaults? {
    suiteName.map(UserDefaults.init(suiteName:)) ?? .standard
  }
}
