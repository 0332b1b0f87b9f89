import Foundation

// The checks of the request's input, each turning a value into what the request writes.
extension LiveActivityPush {
  /// The suffix of a Live Activity push's topic, after the bundle ID.
  static let topicSuffix = ".push-type.liveactivity"

  /// `token` in lowercase: a whole number of bytes in hexadecimal (either case), at least one.
  static func checkedToken(_ token: String) throws(LiveActivityPushError) -> String {
    let digits = Array(token.utf8)
    guard !digits.isEmpty, digits.count.isMultiple(of: 2), digits.allSatisfy(isHexDigit) else {
      throw LiveActivityPushError.invalidDeviceToken.with(
        token.isEmpty ? "empty" : "\(digits.count) characters, not a whole number of bytes in hexadecimal")
    }
    return token.lowercased()
  }

  /// The topic of `bundleID`'s Live Activity pushes: a bundle ID holds letters A–Z and a–z, digits,
  /// hyphens and periods, at least one; one already ending in the suffix is refused, as its topic
  /// would carry the suffix twice.
  static func checkedTopic(_ bundleID: String) throws(LiveActivityPushError) -> String {
    guard !bundleID.isEmpty else { throw LiveActivityPushError.invalidBundleID.with("empty") }
    guard bundleID.utf8.allSatisfy({ isLetterOrDigit($0) || $0 == 0x2D || $0 == 0x2E }) else {
      throw LiveActivityPushError.invalidBundleID.with(
        "only A-Z, a-z, 0-9, \"-\" and \".\": \(bundleID.debugDescription)")
    }
    guard !bundleID.hasSuffix(topicSuffix) else {
      throw LiveActivityPushError.invalidBundleID.with("the bundle ID alone, without \(topicSuffix)")
    }
    return bundleID + topicSuffix
  }

  /// `date` as whole seconds since 00:00:00 UTC on 1 January 1970, rounded down: a finite date
  /// from then on, within `Int64`.
  static func seconds(_ date: Date, _ field: String) throws(LiveActivityPushError) -> Int64 {
    let seconds = date.timeIntervalSince1970
    // 0x1p63 is Int64.max + 1: every Double below it converts.
    guard seconds.isFinite, seconds >= 0, seconds < 0x1p63 else {
      throw LiveActivityPushError.invalidDate.with("\(field): \(seconds) s since 1970")
    }
    return Int64(seconds.rounded(.down))
  }

  /// The content state's JSON, an object.
  static func encoded<ContentState: Encodable>(
    _ contentState: ContentState, _ encoder: JSONEncoder
  ) throws(LiveActivityPushError) -> Data {
    let data: Data
    do {
      data = try encoder.encode(contentState)
    } catch {
      throw LiveActivityPushError.invalidContentState.with(String(describing: error))
    }
    let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
    guard data.first(where: { !whitespace.contains($0) }) == UInt8(ascii: "{") else {
      throw LiveActivityPushError.invalidContentState.with("it encodes to JSON that is not an object")
    }
    return data
  }

  /// The content state's encoder when the caller gives none: the default strategies, which the
  /// system decodes with, sorted keys, so that the bytes do not vary, and `/` unescaped, as the
  /// rest of the body writes it.
  static func defaultEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
  }

  private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }
}
