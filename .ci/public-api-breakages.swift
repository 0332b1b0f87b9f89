// Keeps, from `swift package diagnose-api-breaking-changes` output, the breakages of public API.
//
// The API digester also reports `package` declarations (the modules share a package name with the
// tests and the demo), which no app can use. Its baseline dump marks each of them `isInternal`;
// a breakage is dropped only when the declaration it names is marked so in the baseline, and kept
// when the name is public there or cannot be found (an unknown name is never assumed harmless).
//
// Usage: swift .ci/public-api-breakages.swift BASELINE_DUMP_DIR DIGESTER_LOG
// Prints each public breakage line; each dropped one on standard error with "package, ignored: ".
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: public-api-breakages.swift BASELINE_DUMP_DIR DIGESTER_LOG\n".utf8))
  exit(2)
}

/// Whether each declaration of the baseline, by its qualified name, is `package` (or inside a
/// `package` type). A name declared twice (overloads on their labels) is package only if every
/// declaration of it is.
var isPackageByName: [String: Bool] = [:]

func record(_ node: [String: Any], qualifier: String, insidePackage: Bool) {
  guard let kind = node["kind"] as? String else { return }
  var name = qualifier
  var isPackage = insidePackage
  let declarationKinds: Set = [
    "TypeDecl", "TypeAlias", "AssociatedType", "Var", "Function", "Constructor", "Subscript", "Accessor", "EnumElement",
    "OperatorDecl", "Macro"]
  if declarationKinds.contains(kind) {
    let own = (kind == "TypeDecl" ? node["name"] : node["printedName"]) as? String ?? ""
    name = qualifier.isEmpty ? own : "\(qualifier).\(own)"
    isPackage = insidePackage || (node["isInternal"] as? Bool ?? false)
    isPackageByName[name] = (isPackageByName[name] ?? true) && isPackage
  }
  for key in ["children", "accessors"] {
    for child in node[key] as? [[String: Any]] ?? [] {
      record(child, qualifier: name, insidePackage: isPackage)
    }
  }
}

let dumpDirectory = URL(fileURLWithPath: arguments[1])
let dumps = (try? FileManager.default.contentsOfDirectory(at: dumpDirectory, includingPropertiesForKeys: nil)) ?? []
for dump in dumps where dump.pathExtension == "json" {
  guard let data = try? Data(contentsOf: dump),
    let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
    let root = json["ABIRoot"] as? [String: Any]
  else {
    FileHandle.standardError.write(Data("cannot read the baseline dump \(dump.path)\n".utf8))
    exit(2)
  }
  record(root, qualifier: "", insidePackage: false)
}
if isPackageByName.isEmpty {
  FileHandle.standardError.write(Data("no baseline dump in \(dumpDirectory.path)\n".utf8))
  exit(2)
}

/// The qualified name a breakage line names: the first word after the declaration's kind.
func declarationName(in line: String) -> String? {
  guard let range = line.range(of: "API breakage: ") else { return nil }
  let kindWords: Set = [
    "static", "class", "final", "mutating", "func", "var", "let", "constructor", "struct", "enum", "protocol",
    "typealias", "subscript", "accessor", "enumelement", "associatedtype", "operator", "macro", "actor"]
  return line[range.upperBound...].split(separator: " ").map(String.init)
    .first { !kindWords.contains($0) }
}

func isPackageDeclaration(_ name: String) -> Bool {
  if let isPackage = isPackageByName[name] { return isPackage }
  // An accessor's line names `Type.member.Get()`; its member is what the dump records.
  if let dot = name.lastIndex(of: "."), let isPackage = isPackageByName[String(name[..<dot])] {
    return isPackage
  }
  return false
}

guard let log = try? String(contentsOfFile: arguments[2], encoding: .utf8) else {
  FileHandle.standardError.write(Data("cannot read \(arguments[2])\n".utf8))
  exit(2)
}
for line in log.split(separator: "\n").map(String.init) where line.contains("API breakage:") {
  if let name = declarationName(in: line), isPackageDeclaration(name) {
    FileHandle.standardError.write(Data("package, ignored: \(line.trimmingCharacters(in: .whitespaces))\n".utf8))
  } else {
    print(line.trimmingCharacters(in: .whitespaces))
  }
}
