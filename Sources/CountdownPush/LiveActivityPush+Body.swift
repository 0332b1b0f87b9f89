import Foundation

// The body's JSON, written by hand so that its bytes are the same on every platform and in every
// release of Foundation: keys sorted by their bytes, integers without a fraction, strings escaped
// only where JSON requires it. The content state's JSON is the encoder's, spliced in as it came.
extension LiveActivityPush {
  /// `{"aps":{…}}` with the keys given, in sorted order: `alert`, `content-state`,
  /// `dismissal-date`, `event`, `relevance-score`, `stale-date`, `timestamp`.
  static func body(
    event: Event, contentState: Data, timestamp: Int64, staleDate: Int64?, dismissalDate: Int64?,
    relevanceScore: Double?, alert: Alert?
  ) -> Data {
    var members: [(key: String, value: Data)] = []
    if let alert { members.append(("alert", Data(alert.json.utf8))) }
    members.append(("content-state", contentState))
    if let dismissalDate { members.append(("dismissal-date", Data(String(dismissalDate).utf8))) }
    members.append(("event", Data(jsonString(event.name).utf8)))
    if let relevanceScore { members.append(("relevance-score", Data(jsonNumber(relevanceScore).utf8))) }
    if let staleDate { members.append(("stale-date", Data(String(staleDate).utf8))) }
    members.append(("timestamp", Data(String(timestamp).utf8)))
    var body = Data(#"{"aps":{"#.utf8)
    for (index, member) in members.enumerated() {
      if index > 0 { body.append(UInt8(ascii: ",")) }
      body.append(contentsOf: jsonString(member.key).utf8)
      body.append(UInt8(ascii: ":"))
      body.append(member.value)
    }
    body.append(contentsOf: "}}".utf8)
    return body
  }

  /// `string` as a JSON string: in quotes, with `"`, `\` and the control characters escaped (the
  /// common ones by letter, the others as `\u00XX`), and every other character as its UTF-8.
  static func jsonString(_ string: String) -> String {
    var json = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": json += "\\\""
      case "\\": json += "\\\\"
      case "\n": json += "\\n"
      case "\r": json += "\\r"
      case "\t": json += "\\t"
      case "\u{08}": json += "\\b"
      case "\u{0C}": json += "\\f"
      case "\u{00}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16, uppercase: false)
        json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: json.unicodeScalars.append(scalar)
      }
    }
    return json + "\""
  }

  /// A finite `number` as JSON: an integer without a fraction where it is one and exact in a
  /// `Double` (`100`), else Swift's shortest form that reads back the same (`0.5`, `1e-07`,
  /// `1e+16`), which JSON's grammar takes.
  static func jsonNumber(_ number: Double) -> String {
    if number == number.rounded(.towardZero), abs(number) < 0x1p53 {
      return String(Int64(number))
    }
    return number.description
  }
}
