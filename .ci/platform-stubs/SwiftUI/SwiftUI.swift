// SwiftUI for `.ci/check-platforms`: what the documentation's samples and
// the tests' copies of them use, and the `Color` AlarmKit's API takes, with SwiftUI's names and
// shapes, so that they compile on Linux. A type-checking stand-in: nothing here renders or runs.
// SwiftUI exists on every Apple platform (iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1);
// what is declared here is there from the package's deployment targets on (`Text(timerInterval:
// pauseTime:countsDown:showsHours:)` and `ProgressView(timerInterval:countsDown:)`: iOS 16,
// macOS 13, tvOS 16, watchOS 9, visionOS 1), but for `onChange(of:initial:_:)` (iOS 17).
// Apple: https://developer.apple.com/documentation/swiftui
// Apple: https://developer.apple.com/documentation/swiftui/text/init(timerinterval:pausetime:countsdown:showshours:)
// Apple: https://developer.apple.com/documentation/swiftui/progressview/init(timerinterval:countsdown:)
// Apple: https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)
@_exported import Foundation

/// SwiftUI's `View`: main-actor isolated, its body built by a `ViewBuilder`.
@MainActor @preconcurrency
public protocol View {
  associatedtype Body: View
  @ViewBuilder var body: Body { get }
}

extension Never: View {
  public var body: Never { fatalError() }
}

/// SwiftUI's `ViewBuilder`, for bodies of one view, two or three, and `if`/`else`.
@MainActor @preconcurrency @resultBuilder
public enum ViewBuilder {
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock<C0: View, C1: View>(_ c0: C0, _ c1: C1) -> TupleView<(C0, C1)> { TupleView((c0, c1)) }
  public static func buildBlock<C0: View, C1: View, C2: View>(_ c0: C0, _ c1: C1, _ c2: C2) -> TupleView<(C0, C1, C2)> {
    TupleView((c0, c1, c2))
  }
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> ConditionalContent<TrueContent, FalseContent> {
    ConditionalContent()
  }
  public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> ConditionalContent<TrueContent, FalseContent> {
    ConditionalContent()
  }
}

extension Optional: View where Wrapped: View {
  public var body: Never { fatalError() }
}

public struct EmptyView: View {
  public init() {}
  public var body: Never { fatalError() }
}

public struct TupleView<T>: View {
  public init(_ value: T) {}
  public var body: Never { fatalError() }
}

/// What `if`/`else` in a view builder makes (SwiftUI's `_ConditionalContent`).
public struct ConditionalContent<TrueContent: View, FalseContent: View>: View {
  public var body: Never { fatalError() }
}

/// SwiftUI's `Text`, with the initializers the samples use.
public struct Text: View, Equatable {
  public init<S: StringProtocol>(_ content: S) {}
  public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {}
  public init(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true) {}
  public init(_ date: Date, style: Text.DateStyle) {}
  public var body: Never { fatalError() }

  /// How `Text(_:style:)` shows a date.
  public struct DateStyle: Sendable {
    public static let time = DateStyle()
    public static let date = DateStyle()
    public static let relative = DateStyle()
    public static let offset = DateStyle()
    public static let timer = DateStyle()
  }
}

/// SwiftUI's `ProgressView`, as a timer's progress.
public struct ProgressView: View {
  public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true) {}
  public var body: Never { fatalError() }
}

/// SwiftUI's `Button`, with a title.
public struct Button<Label: View>: View {
  public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) where Label == Text {}
  public var body: Never { fatalError() }
}

/// SwiftUI's `List`, over identifiable data.
public struct List<Content: View>: View {
  public init<Data: RandomAccessCollection, RowContent: View>(
    _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  ) where Data.Element: Identifiable, Content == ForEach<Data, Data.Element.ID, RowContent> {}
  public var body: Never { fatalError() }
}

/// SwiftUI's `ForEach`.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
  public var body: Never { fatalError() }
}

/// What a view modifier returns (SwiftUI's `ModifiedContent`).
public struct ModifiedContent<Content: View>: View {
  public var body: Never { fatalError() }
}

extension View {
  public func disabled(_ disabled: Bool) -> ModifiedContent<Self> { ModifiedContent() }

  /// The action without the old and new values: iOS 17, macOS 14, tvOS 17, watchOS 10 (visionOS 1),
  /// above the package's deployment targets. (Its predecessor `onChange(of:perform:)`, iOS 14 to 17,
  /// is not declared here.)
  @available(iOS 17.0, macCatalyst 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
  public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void)
    -> ModifiedContent<Self>
  {
    ModifiedContent()
  }
}

/// SwiftUI's `State`: a view's state, set from its actions.
@propertyWrapper
public struct State<Value> {
  public init(wrappedValue value: Value) {}
  public init() where Value: ExpressibleByNilLiteral {}
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set {}
  }
}
