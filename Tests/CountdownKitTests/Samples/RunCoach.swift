/// The endless loop's coach: what it announced and logged.
@MainActor final class RunCoach {
  var announced: [String] = []
  var logged: [String] = []

  func announce(_ name: String) { announced.append(name) }
  func log(_ line: String) { logged.append(line) }
}
