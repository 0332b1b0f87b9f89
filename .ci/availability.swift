// What a platform's SDK would say of availability, for `.ci/check-platforms` on Linux, where the
// compiler ignores every `@available(<Apple platform> ...)`. Two commands:
//
//   availability rewrite PLATFORM DEPLOYMENT (--stubs|--code) DIR...
//     In place, on a configuration's copy. A declaration unavailable on PLATFORM (macCatalyst
//     inherits iOS's attributes unless one names macCatalyst) gets
//     `@available(*, deprecated, message: "unavailable: PLATFORM")` beside its attributes, in stubs
//     and code alike; in stubs (`--stubs`), one introduced on PLATFORM above DEPLOYMENT gets
//     `@available(*, deprecated, message: "gated: PLATFORM VERSION")`. So every use of either warns,
//     but inside a deprecated context (one unavailable on the platform, where the SDK allows any
//     use), and `check` below fails the warnings that the SDK would refuse. (A deprecation, not
//     `@available(*, unavailable)`: a use of that is refused even inside a context marked so.)
//     Lines are never added or removed, so a diagnostic's line is the repository's.
//
//   availability check PLATFORM DEPLOYMENT ROOT MODULES LOG...
//     Reads the build logs of a copy at ROOT. A use of what is unavailable on the platform passes
//     only in a context unavailable there; a gate's warning (a stub introduced above the
//     deployment target) where its use sits in a context that guarantees the version: a
//     declaration's `@available`, the block of an `if #available`/`while #available`, what follows a
//     `guard #available` in its block, or a context unavailable on the platform. A type of the
//     package's own (under ROOT/Sources) introduced above the deployment target is checked the same
//     way, wherever its name is written in code that `#if` compiles (MODULES: the stub modules
//     `canImport` finds, space-separated), as is a test target's top-level value or function in
//     that target. Any other deprecation warning fails too: the build keeps
//     deprecations as warnings only so that this command can read them. Prints each failure as a
//     compiler error, paths relative to ROOT, and exits 1 if there is one.
//
// The parse is lexical: comments and string literals are blanked, braces are matched. That is
// enough for declarations and conditions written as `swift format` lays them out.

import Foundation

// MARK: Versions and platforms

struct Version: Comparable, CustomStringConvertible {
  var parts: [Int]
  init?(_ text: Substring) {
    let parts = text.split(separator: ".").map { Int($0) }
    guard !parts.isEmpty, !parts.contains(nil) else { return nil }
    self.parts = parts.map { $0! }
  }
  static func < (a: Version, b: Version) -> Bool {
    for index in 0..<max(a.parts.count, b.parts.count) {
      let x = index < a.parts.count ? a.parts[index] : 0
      let y = index < b.parts.count ? b.parts[index] : 0
      if x != y { return x < y }
    }
    return false
  }
  static func == (a: Version, b: Version) -> Bool { !(a < b) && !(b < a) }
  var description: String { parts.map(String.init).joined(separator: ".") }
}

/// What one attribute group or one `#available` says of the configuration's platform.
enum Level {
  case unavailable
  case introduced(Version)
}

/// One `@available(...)` or `#available(...)`: its items, split at top-level commas.
struct AvailabilitySpec {
  var items: [Substring]

  /// The platforms it names (shorthand `iOS 16.1` or long form `iOS, ...`).
  var platforms: Set<Substring> {
    if let first = items.first, !first.contains(" "), first != "*" { return [first] }
    return Set(items.compactMap { $0.split(separator: " ").count == 2 ? $0.split(separator: " ")[0] : nil })
  }

  /// What it says of `platform`, nil when it says nothing particular (`*` only).
  func level(for platform: Substring) -> Level? {
    guard let first = items.first else { return nil }
    if first == "*" || (!first.contains(" ") && first == platform) {
      // Long form.
      if items.dropFirst().contains(where: { $0 == "unavailable" }) { return .unavailable }
      guard first == platform else { return nil }
      for item in items.dropFirst() where item.hasPrefix("introduced:") {
        if let version = Version(item.dropFirst("introduced:".count).trimmingCharacters(in: .whitespaces)[...]) {
          return .introduced(version)
        }
      }
      return nil
    }
    if !first.contains(" ") { return nil }  // long form for another platform
    for item in items {
      let words = item.split(separator: " ")
      if words.count == 2, words[0] == platform, let version = Version(words[1]) { return .introduced(version) }
    }
    return nil
  }
}

struct Configuration {
  var platform: Substring
  var deployment: Version

  /// Mac Catalyst reads iOS's attributes unless the group names macCatalyst.
  func level(of specs: [AvailabilitySpec]) -> Level? {
    let catalystReadsIOS = platform == "macCatalyst" && !specs.contains { $0.platforms.contains("macCatalyst") }
    let name: Substring = catalystReadsIOS ? "iOS" : platform
    var introduced: Version?
    for spec in specs {
      switch spec.level(for: name) {
      case .unavailable?: return .unavailable
      case .introduced(let version)?: introduced = max(introduced ?? version, version)
      case nil: continue
      }
    }
    return introduced.map(Level.introduced)
  }
}

// MARK: Lexing

/// A file's bytes with comments and the contents of string literals blanked (newlines kept), and
/// its braces matched.
struct CodeText {
  let bytes: [UInt8]
  let code: [UInt8]
  /// For each `{`, its `}`; for each `}`, its `{`.
  private(set) var match: [Int: Int] = [:]
  /// Offsets where lines start.
  private(set) var lineStarts: [Int] = [0]

  init(_ text: String) {
    let bytes = Array(text.utf8)
    self.bytes = bytes
    var code = bytes
    var index = 0
    func blank(_ range: Range<Int>) {
      for i in range where code[i] != UInt8(ascii: "\n") { code[i] = UInt8(ascii: " ") }
    }
    func starts(_ text: String, at i: Int) -> Bool {
      let utf8 = Array(text.utf8)
      return i + utf8.count <= bytes.count && Array(bytes[i..<i + utf8.count]) == utf8
    }
    while index < bytes.count {
      if starts("//", at: index) {
        let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        blank(index..<end)
        index = end
      } else if starts("/*", at: index) {
        var depth = 0
        var end = index
        while end < bytes.count {
          if starts("/*", at: end) {
            depth += 1
            end += 2
          } else if starts("*/", at: end) {
            depth -= 1
            end += 2
            if depth == 0 { break }
          } else {
            end += 1
          }
        }
        blank(index..<end)
        index = end
      } else if bytes[index] == UInt8(ascii: "\"") || (bytes[index] == UInt8(ascii: "#") && Self.opensRawString(bytes, index)) {
        var hashes = 0
        var start = index
        while bytes[start] == UInt8(ascii: "#") {
          hashes += 1
          start += 1
        }
        let delimiter = starts("\"\"\"", at: start) ? "\"\"\"" : "\""
        let close = delimiter + String(repeating: "#", count: hashes)
        var end = start + delimiter.utf8.count
        while end < bytes.count, !starts(close, at: end) {
          end += (bytes[end] == UInt8(ascii: "\\") && hashes == 0) ? 2 : 1
        }
        end = min(bytes.count, end + close.utf8.count)
        blank(start + delimiter.utf8.count..<max(start + delimiter.utf8.count, end - close.utf8.count))
        index = end
      } else {
        index += 1
      }
    }
    self.code = code
    var stack: [Int] = []
    for (offset, byte) in code.enumerated() {
      if byte == UInt8(ascii: "{") {
        stack.append(offset)
      } else if byte == UInt8(ascii: "}"), let open = stack.popLast() {
        match[open] = offset
        match[offset] = open
      } else if byte == UInt8(ascii: "\n") {
        lineStarts.append(offset + 1)
      }
    }
  }

  private static func opensRawString(_ bytes: [UInt8], _ index: Int) -> Bool {
    var i = index
    while i < bytes.count, bytes[i] == UInt8(ascii: "#") { i += 1 }
    return i < bytes.count && bytes[i] == UInt8(ascii: "\"")
  }

  func offset(line: Int, column: Int) -> Int { lineStarts[min(line - 1, lineStarts.count - 1)] + column - 1 }
  func line(of offset: Int) -> Int { (lineStarts.lastIndex { $0 <= offset } ?? 0) + 1 }

  /// Offsets of `needle` in the code (not in comments or strings) at a word boundary before it.
  func occurrences(of needle: String) -> [Int] {
    let utf8 = Array(needle.utf8)
    guard utf8.count <= code.count else { return [] }
    var found: [Int] = []
    var i = 0
    while i + utf8.count <= code.count {
      if code[i] == utf8[0], Array(code[i..<i + utf8.count]) == utf8,
        i == 0 || !Self.isIdentifier(code[i - 1])
      {
        found.append(i)
        i += utf8.count
      } else {
        i += 1
      }
    }
    return found
  }

  static func isIdentifier(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
      || byte == UInt8(ascii: "_") || byte >= 0x80
  }

  /// The offset of the `)` that closes the `(` at `open`.
  func closingParen(_ open: Int) -> Int {
    var depth = 0
    for i in open..<code.count {
      if code[i] == UInt8(ascii: "(") { depth += 1 }
      if code[i] == UInt8(ascii: ")") {
        depth -= 1
        if depth == 0 { return i }
      }
    }
    return code.count - 1
  }

  /// The items of the parenthesised list opening at `open`, split at its top-level commas.
  func items(_ open: Int) -> [Substring] {
    let close = closingParen(open)
    let text = String(decoding: code[(open + 1)..<close], as: UTF8.self)
    var items: [Substring] = []
    var depth = 0
    var current = ""
    for character in text {
      if "([".contains(character) { depth += 1 }
      if ")]".contains(character) { depth -= 1 }
      if character == ",", depth == 0 {
        items.append(Substring(current.trimmingCharacters(in: .whitespacesAndNewlines)))
        current = ""
      } else {
        current.append(character)
      }
    }
    items.append(Substring(current.trimmingCharacters(in: .whitespacesAndNewlines)))
    return items.map { Substring($0.split(whereSeparator: \.isWhitespace).joined(separator: " ")) }
  }

  /// The first offset at or after `start` that is not whitespace.
  func skipSpace(_ start: Int) -> Int {
    var i = start
    while i < code.count, [0x20, 0x0A, 0x09, 0x0D].contains(code[i]) { i += 1 }
    return i
  }

  /// The word (identifier) starting at `offset`.
  func word(at offset: Int) -> Substring {
    var end = offset
    while end < code.count, Self.isIdentifier(code[end]) { end += 1 }
    return Substring(String(decoding: code[offset..<end], as: UTF8.self))
  }

  /// How many blocks contain `offset`.
  func depth(at offset: Int) -> Int {
    var depth = 0
    for byte in code[..<offset] {
      if byte == UInt8(ascii: "{") { depth += 1 }
      if byte == UInt8(ascii: "}") { depth -= 1 }
    }
    return depth
  }

  /// The `}` of the innermost block that contains `offset`, or the end of the file.
  func enclosingBlockEnd(_ offset: Int) -> Int {
    var depth = 0
    for i in offset..<code.count {
      if code[i] == UInt8(ascii: "{") { depth += 1 }
      if code[i] == UInt8(ascii: "}") {
        if depth == 0 { return i }
        depth -= 1
      }
    }
    return code.count
  }
}

// MARK: Conditional compilation

/// A `#if` condition's value where it can be told: the copy's `os(...)` and
/// `targetEnvironment(...)` are already `true` or `false`, `canImport(X)` is whether X is among the
/// configuration's modules; anything else (a flag, `compiler(...)`) is unknown, as if true.
func evaluate(_ condition: Substring, modules: Set<Substring>) -> Bool? {
  var tokens: [Substring] = []
  var rest = condition
  while let first = rest.first {
    if first.isWhitespace {
      rest = rest.dropFirst()
    } else if rest.hasPrefix("&&") || rest.hasPrefix("||") {
      tokens.append(rest.prefix(2))
      rest = rest.dropFirst(2)
    } else if "!()".contains(first) {
      tokens.append(rest.prefix(1))
      rest = rest.dropFirst()
    } else {
      var word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      if word.isEmpty { word = rest.prefix(1) }
      rest = rest.dropFirst(word.count)
      if rest.first == "(" {
        let argument = rest.dropFirst().prefix { $0 != ")" }
        rest = rest.dropFirst(argument.count + 2)
        tokens.append(word == "canImport" ? (modules.contains(argument) ? "true" : "false") : "unknown")
      } else {
        tokens.append(word)
      }
    }
  }
  var index = 0
  func primary() -> Bool?? {
    guard index < tokens.count else { return .none }
    let token = tokens[index]
    index += 1
    switch token {
    case "!": return primary().map { $0.map { !$0 } }
    case "(":
      let value = disjunction()
      index += 1  // ")"
      return value
    case "true": return .some(true)
    case "false": return .some(false)
    default: return .some(nil)
    }
  }
  func conjunction() -> Bool?? {
    guard var value = primary() else { return .none }
    while index < tokens.count, tokens[index] == "&&" {
      index += 1
      guard let right = primary() else { return .none }
      value = value == false || right == false ? false : (value == true && right == true ? true : nil)
    }
    return value
  }
  func disjunction() -> Bool?? {
    guard var value = conjunction() else { return .none }
    while index < tokens.count, tokens[index] == "||" {
      index += 1
      guard let right = conjunction() else { return .none }
      value = value == true || right == true ? true : (value == false && right == false ? false : nil)
    }
    return value
  }
  return disjunction() ?? nil
}

extension CodeText {
  /// The lines that are not compiled in the configuration: branches of `#if` known to be false.
  func inactiveRanges(modules: Set<Substring>) -> [Range<Int>] {
    struct Branch {
      var parentActive: Bool
      var taken: Bool
      var active: Bool
    }
    var stack: [Branch] = []
    var inactive: [Range<Int>] = []
    var active = true
    for (number, start) in lineStarts.enumerated() {
      let end = number + 1 < lineStarts.count ? lineStarts[number + 1] : bytes.count
      let line = String(decoding: code[start..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)[...]
      if line.hasPrefix("#if ") || line.hasPrefix("#if(") || line.hasPrefix("#if!") {
        let value = evaluate(line.dropFirst(3), modules: modules)
        stack.append(Branch(parentActive: active, taken: value == true, active: active && value != false))
        active = stack.last!.active
      } else if line.hasPrefix("#elseif"), var branch = stack.popLast() {
        let value = evaluate(line.dropFirst(7), modules: modules)
        branch.active = branch.parentActive && !branch.taken && value != false
        branch.taken = branch.taken || value == true
        stack.append(branch)
        active = branch.active
      } else if line.hasPrefix("#else"), var branch = stack.popLast() {
        branch.active = branch.parentActive && !branch.taken
        branch.taken = true
        stack.append(branch)
        active = branch.active
      } else if line.hasPrefix("#endif"), let branch = stack.popLast() {
        active = branch.parentActive
      } else if !active {
        inactive.append(start..<end)
      }
    }
    return inactive
  }
}

// MARK: Declarations' attribute groups

/// The `@available` attributes written before one declaration, and where the declaration starts.
struct AttributeGroup {
  var specs: [AvailabilitySpec]
  var start: Int
  /// Where its attributes end and its modifiers begin: where an attribute can be added.
  var attributesEnd: Int
  var declaration: Int
}

let declarationKeywords: Set<Substring> = [
  "func", "init", "var", "let", "class", "struct", "enum", "protocol", "extension", "actor", "subscript",
  "typealias", "case", "deinit", "associatedtype", "macro",
]
let modifiers: Set<Substring> = [
  "public", "open", "package", "internal", "fileprivate", "private", "final", "static", "override",
  "convenience", "required", "mutating", "nonmutating", "nonisolated", "indirect", "lazy", "weak", "unowned",
  "dynamic", "optional", "isolated", "consuming", "borrowing", "distributed",
]

extension CodeText {
  func attributeGroups() -> [AttributeGroup] {
    var groups: [AttributeGroup] = []
    var consumedUntil = -1
    for start in occurrences(of: "@available(") where start >= consumedUntil {
      var specs: [AvailabilitySpec] = []
      var i = start
      var attributesEnd = start
      // Attributes, then modifiers, up to the declaration's keyword.
      while i < code.count {
        i = skipSpace(i)
        if code[i] == UInt8(ascii: "@") {
          let name = word(at: i + 1)
          var end = i + 1 + name.utf8.count
          if end < code.count, code[end] == UInt8(ascii: "(") {
            if name == "available" { specs.append(AvailabilitySpec(items: items(end))) }
            end = closingParen(end) + 1
          }
          i = end
          attributesEnd = skipSpace(end)
        } else if modifiers.contains(word(at: i)) {
          i += word(at: i).utf8.count
          // `private(set)` and the like.
          let next = skipSpace(i)
          if next < code.count, code[next] == UInt8(ascii: "(") { i = closingParen(next) + 1 }
        } else {
          break
        }
      }
      consumedUntil = i
      guard declarationKeywords.contains(word(at: i)) else { continue }
      groups.append(AttributeGroup(specs: specs, start: start, attributesEnd: attributesEnd, declaration: i))
    }
    return groups
  }

  /// Where a declaration that starts at `declaration` ends: its body's `}`, or the end of its line
  /// when it has no body.
  func declarationEnd(_ declaration: Int) -> Int {
    var depth = 0
    var i = declaration
    while i < code.count {
      let byte = code[i]
      if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") { depth += 1 }
      if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") { depth -= 1 }
      if byte == UInt8(ascii: "{"), depth == 0 { return match[i] ?? code.count }
      if byte == UInt8(ascii: "}"), depth == 0 { return i }
      if byte == UInt8(ascii: "\n"), depth == 0 {
        let line = String(decoding: code[lineStartBefore(i)..<i], as: UTF8.self)
          .trimmingCharacters(in: .whitespaces)
        let next = skipSpace(i)
        let continues =
          [",", "(", "->", ":", "=", "&", "<"].contains { line.hasSuffix($0) }
          || (next < code.count && "{-.:,=&<".utf8.contains(code[next]))
          || ["where", "throws", "async", "rethrows"].contains(word(at: next))
        if !continues { return i }
      }
      i += 1
    }
    return code.count
  }

  private func lineStartBefore(_ offset: Int) -> Int {
    var i = offset
    while i > 0, code[i - 1] != UInt8(ascii: "\n") { i -= 1 }
    return i
  }
}

// MARK: Regions a use may sit in

struct Region {
  var range: Range<Int>
  var level: Level
}

extension CodeText {
  /// The contexts of this file that guarantee something of the configuration's platform.
  func regions(for configuration: Configuration) -> [Region] {
    var regions: [Region] = []
    for group in attributeGroups() {
      guard let level = configuration.level(of: group.specs) else { continue }
      regions.append(Region(range: group.start..<(declarationEnd(group.declaration) + 1), level: level))
    }
    for start in occurrences(of: "#available(") {
      let open = start + "#available".utf8.count
      guard let level = configuration.level(of: [AvailabilitySpec(items: items(open))]) else { continue }
      let statement = statementKeyword(before: start)
      var i = closingParen(open) + 1
      var depth = 0
      // The condition list ends at the `{` of the body (`if`, `while`) or of `else` (`guard`).
      while i < code.count {
        if code[i] == UInt8(ascii: "(") || code[i] == UInt8(ascii: "[") { depth += 1 }
        if code[i] == UInt8(ascii: ")") || code[i] == UInt8(ascii: "]") { depth -= 1 }
        if code[i] == UInt8(ascii: "{"), depth == 0 { break }
        i += 1
      }
      guard i < code.count, let close = match[i] else { continue }
      if statement == "guard" {
        regions.append(Region(range: close..<enclosingBlockEnd(close + 1), level: level))
      } else {
        regions.append(Region(range: i..<(close + 1), level: level))
      }
    }
    return regions
  }

  /// `if`, `guard` or `while`: the keyword of the statement whose condition list holds `offset`.
  private func statementKeyword(before offset: Int) -> Substring {
    var i = offset - 1
    while i >= 0 {
      if CodeText.isIdentifier(code[i]), i == 0 || !CodeText.isIdentifier(code[i - 1]) {
        let word = word(at: i)
        if ["if", "guard", "while"].contains(word) { return word }
      }
      if [UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";")].contains(code[i]) { break }
      i -= 1
    }
    return "if"
  }

  /// Whether a use at `offset` of what needs `level` sits in a context that allows it: one
  /// unavailable on the platform allows anything, one introduced at a version what needs no more.
  func allows(_ level: Level, at offset: Int, in regions: [Region]) -> Bool {
    regions.contains { region in
      guard region.range.contains(offset) else { return false }
      switch (region.level, level) {
      case (.unavailable, _): return true
      case (.introduced, .unavailable): return false
      case (.introduced(let version), .introduced(let needed)): return version >= needed
      }
    }
  }
}

// MARK: Commands

func swiftFiles(under directory: String) -> [String] {
  guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
  return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { "\(directory)/\($0)" }
    .sorted()
}

func rewrite(_ configuration: Configuration, gatingStubs: Bool, directories: [String]) throws {
  for path in directories.flatMap(swiftFiles(under:)) {
    let original = try String(contentsOfFile: path, encoding: .utf8)
    let text = CodeText(original)
    var insertions: [(Int, String)] = []
    for group in text.attributeGroups() {
      switch configuration.level(of: group.specs) {
      case .unavailable?:
        insertions.append(
          (group.attributesEnd, "@available(*, deprecated, message: \"unavailable: \(configuration.platform)\") "))
      case .introduced(let version)? where gatingStubs && version > configuration.deployment:
        insertions.append(
          (group.attributesEnd, "@available(*, deprecated, message: \"gated: \(configuration.platform) \(version)\") "))
      default: continue
      }
    }
    guard !insertions.isEmpty else { continue }
    var bytes = text.bytes
    for (offset, attribute) in insertions.sorted(by: { $0.0 > $1.0 }) {
      bytes.insert(contentsOf: Array(attribute.utf8), at: offset)
    }
    try String(decoding: bytes, as: UTF8.self).write(toFile: path, atomically: true, encoding: .utf8)
  }
}

struct Use: Hashable {
  var path: String
  var line: Int
  var column: Int
  var what: String
}

func check(_ configuration: Configuration, root: String, modules: Set<Substring>, logs: [String]) throws -> Int {
  var failures: [String] = []
  var needs: [Use: Level] = [:]
  var texts: [String: CodeText] = [:]
  func text(_ path: String) -> CodeText? {
    if let known = texts[path] { return known }
    guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    texts[path] = CodeText(contents)
    return texts[path]
  }
  func relative(_ path: String) -> String { path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path }

  // Deprecation warnings in the logs: the gates' and any other.
  let warning = try NSRegularExpression(pattern: #"^(/[^:]+):(\d+):(\d+): warning: (.*) \[#DeprecatedDeclaration\]$"#)
  for log in logs {
    for line in (try String(contentsOfFile: log, encoding: .utf8)).split(separator: "\n") {
      let line = String(line)
      guard let found = warning.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { continue }
      func group(_ index: Int) -> String { String(line[Range(found.range(at: index), in: line)!]) }
      let use = Use(path: group(1), line: Int(group(2))!, column: Int(group(3))!, what: group(4))
      if let gate = use.what.range(of: "gated: \(configuration.platform) "),
        let version = Version(use.what[gate.upperBound...].prefix { $0 != "\"" && $0 != " " })
      {
        needs[use] = .introduced(version)
      } else if use.what.hasSuffix("unavailable: \(configuration.platform)") {
        needs[use] = .unavailable
      } else {
        failures.append("\(relative(use.path)):\(use.line):\(use.column): error: \(use.what)")
      }
    }
  }

  // The package's own declarations introduced above the deployment target, wherever their names
  // are written: its types, and the top-level values and functions of its tests (the samples'
  // context). A member's name (after a `.`) or a label (before a `:`) is not a use.
  // A test target's own names count in that target only.
  var ownNames: [Substring: (version: Version, within: String)] = [:]
  var declarationSites: Set<String> = []
  let sources = swiftFiles(under: "\(root)/Sources")
  let tests = swiftFiles(under: "\(root)/Tests")
  for path in sources + tests {
    guard let file = text(path) else { continue }
    let inactive = file.inactiveRanges(modules: modules)
    for group in file.attributeGroups() where !inactive.contains(where: { $0.contains(group.declaration) }) {
      guard case .introduced(let version)? = configuration.level(of: group.specs), version > configuration.deployment
      else { continue }
      let keyword = file.word(at: group.declaration)
      let isType = ["class", "struct", "enum", "protocol", "actor", "typealias"].contains(keyword)
      let isTopLevelValue = ["var", "let", "func"].contains(keyword) && path.hasPrefix("\(root)/Tests/")
        && file.depth(at: group.declaration) == 0
      guard isType || isTopLevelValue else { continue }
      let nameStart = file.skipSpace(group.declaration + keyword.utf8.count)
      let within = path.hasPrefix("\(root)/Tests/")
        ? "\(root)/Tests/" + path.dropFirst("\(root)/Tests/".count).prefix { $0 != "/" } + "/" : "\(root)/"
      ownNames[file.word(at: nameStart)] = (version, within)
      declarationSites.insert("\(path):\(nameStart)")
    }
  }
  for path in sources + tests {
    guard let file = text(path) else { continue }
    let inactive = file.inactiveRanges(modules: modules)
    for (name, (version, within)) in ownNames where path.hasPrefix(within) {
      for offset in file.occurrences(of: String(name)) where !inactive.contains(where: { $0.contains(offset) }) {
        let after = offset + name.utf8.count
        let next = file.skipSpace(after)
        guard after >= file.code.count || !CodeText.isIdentifier(file.code[after]),
          offset == 0 || file.code[offset - 1] != UInt8(ascii: "."),
          next >= file.code.count || file.code[next] != UInt8(ascii: ":"),
          !declarationSites.contains("\(path):\(offset)")
        else { continue }
        let line = file.line(of: offset)
        let use = Use(path: path, line: line, column: offset - file.lineStarts[line - 1] + 1, what: "'\(name)'")
        needs[use] = .introduced(version)
      }
    }
  }

  var regions: [String: [Region]] = [:]
  for (use, level) in needs.sorted(by: { ($0.key.path, $0.key.line, $0.key.column) < ($1.key.path, $1.key.line, $1.key.column) }) {
    guard let file = text(use.path) else { continue }
    let offset = file.offset(line: use.line, column: use.column)
    if regions[use.path] == nil { regions[use.path] = file.regions(for: configuration) }
    guard !file.allows(level, at: offset, in: regions[use.path]!) else { continue }
    let what = use.what.components(separatedBy: " is deprecated")[0]
    switch level {
    case .unavailable:
      failures.append(
        "\(relative(use.path)):\(use.line):\(use.column): error: \(what) is unavailable on \(configuration.platform): "
          + "leave it out there (#if), or mark the context @available(\(configuration.platform), unavailable)")
    case .introduced(let version):
      failures.append(
        "\(relative(use.path)):\(use.line):\(use.column): error: \(what) needs \(configuration.platform) \(version), "
          + "above the deployment target \(configuration.deployment): mark the context @available or check #available")
    }
  }
  for failure in Set(failures).sorted() { print(failure) }
  return failures.isEmpty ? 0 : 1
}

let arguments = CommandLine.arguments
guard arguments.count >= 5, let deployment = Version(arguments[3][...]) else {
  FileHandle.standardError.write(Data("usage: availability (rewrite|check) PLATFORM DEPLOYMENT ...\n".utf8))
  exit(2)
}
let configuration = Configuration(platform: arguments[2][...], deployment: deployment)
switch arguments[1] {
case "rewrite":
  try rewrite(configuration, gatingStubs: arguments[4] == "--stubs", directories: Array(arguments.dropFirst(5)))
case "check":
  // The modules `canImport` finds: the configuration's stubs and the toolchain's own.
  let modules = Set(arguments[5].split(separator: " ") + ["Foundation", "FoundationEssentials", "Dispatch", "XCTest"])
  exit(Int32(try check(configuration, root: arguments[4], modules: modules, logs: Array(arguments.dropFirst(6)))))
default:
  exit(2)
}
