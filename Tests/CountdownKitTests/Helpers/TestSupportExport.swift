// Every test file sees the shared test support (factories, `WeakWatch`, the typed-error assertion)
// without importing it, including files written elsewhere against the names these helpers had
// when each test target kept its own copy.
@_exported public import CountdownTestSupport
