// The self-test's first module: links that resolve, and links that dangle (each marked DANGLING,
// with why; the expected output lists exactly those). A DANGLING mark is not a link.

/// A thing: ``register(_:at:)`` and ``Kind`` (its members), ``Outer`` (the top level),
/// ``Thing/Kind/ends(_:labels:)``, ``Kind/idle``, ``init(seconds:)``, ``init(name:)``,
/// ``subscript(_:)``, ``walk(_:from:)``, ``shared``, ``Point/init(x:y:z:)`` (memberwise),
/// ``Record/init(from:)``, ``Point/describe()`` (through its protocol), ``Thing-swift.struct``,
/// ``Alpha/Thing/platformOnly()`` (a branch not compiled here), ``Alpha``.
///
/// ```swift
/// thing.register(1, at: ``NotALinkInCode``)
/// ```
public struct Thing: Sendable {
  /// Two kinds: ``tick(_:)`` (a sibling), ``Thing/register(_:at:)`` (its type's member).
  public enum Kind {
    case idle, tick(Int64)
    case ends([Int], labels: Int64)
  }

  /// The shared one.
  public static let shared = Thing(seconds: 1)

  /// Registers; DANGLING: wrong labels ``register(_:on:)``, a base name ``register``, a moved
  /// member ``Thing/retired``, a case without its values ``Kind/ends``.
  public func register(_ value: Int, at instant: Int64) {
    let localName = value
    // DANGLING: a local, not a symbol: ``localName``; resolves: ``Kind/tick(_:)``.
    _ = localName
  }

  public init(seconds: Int) {}
  public init?(name: String) { nil }
  public subscript(position: Int) -> Int { position }
  static func walk(_ a: Int, from b: Int) {}

  #if canImport(Darwin)
    func platformOnly() {}
  #endif
}

/// The outer type, extended below as `Outer.Inner`: ``Inner/deep()``.
public enum Outer {
  public struct Inner {}
}

extension Outer.Inner {
  /// Deep: ``deep()`` (itself), ``Outer`` (a type around it); DANGLING: ``Beta`` (a module this
  /// one does not depend on), ``BetaThing`` (a type of that module), ``Nowhere``.
  public func deep() {}
}

/// A protocol: ``describe()``.
protocol Describing {
  func describe()
}

/// A point, with a memberwise initializer; DANGLING: ``Point/init(x:y:)`` (it takes `z`, an optional
/// `var`, too: `init(x:y:z:)`), ``Point/init(x:)``.
struct Point: Describing {
  var x: Int
  let y: Int
  var z: Int?
  let origin = 0
  var sum: Int { x + y }
  func describe() {}
}

/// Decodable, through its conformance.
struct Record: Codable {
  var name: String
}
