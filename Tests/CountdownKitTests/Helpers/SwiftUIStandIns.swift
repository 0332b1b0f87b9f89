// Just enough of SwiftUI for the README's and the documentation's SwiftUI samples to compile where
// SwiftUI does not exist (Linux); where it does, the samples compile against SwiftUI itself. Nothing
// here renders: the samples' behaviour is tested through the models they read.
#if !canImport(SwiftUI)
  import Foundation

  @MainActor protocol View {
    associatedtype Body
    var body: Body { get }
  }

  extension View {
    func disabled(_ disabled: Bool) -> Self { self }
    func onChange<V: Equatable>(of value: V, _ action: @escaping () -> Void) -> Self { self }
  }

  struct Text: View {
    let content: String
    init(_ content: String) { self.content = content }
    init<Format: FormatStyle>(_ input: Format.FormatInput, format: Format) where Format.FormatOutput == String {
      content = format.format(input)
    }
    var body: Void { () }
  }

  extension Text {
    init(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true) {
      content = "\(timerInterval)"
    }

    enum DateStyle { case timer }

    init(_ date: Date, style: DateStyle) {
      content = "\(date)"
    }
  }

  struct ProgressView: View {
    let timerInterval: ClosedRange<Date>
    init(timerInterval: ClosedRange<Date>, countsDown: Bool = true) {
      self.timerInterval = timerInterval
    }
    var body: Void { () }
  }

  struct Button: View {
    let title: String
    let action: () -> Void
    init(_ title: String, action: @escaping () -> Void) {
      self.title = title
      self.action = action
    }
    var body: Void { () }
  }

  struct List<Row: View>: View {
    let rows: [Row]
    init<Data: RandomAccessCollection>(_ data: Data, rowContent: (Data.Element) -> Row)
    where Data.Element: Identifiable {
      rows = data.map(rowContent)
    }
    var body: Void { () }
  }

  /// State kept by reference, as SwiftUI's is, so a view's action can set it.
  @MainActor @propertyWrapper struct State<Value> {
    private final class Storage {
      var value: Value
      init(_ value: Value) { self.value = value }
    }
    private let storage: Storage
    init(wrappedValue: Value) { storage = Storage(wrappedValue) }
    init() where Value: ExpressibleByNilLiteral { storage = Storage(nil) }
    var wrappedValue: Value {
      get { storage.value }
      nonmutating set { storage.value = newValue }
    }
  }
#endif
