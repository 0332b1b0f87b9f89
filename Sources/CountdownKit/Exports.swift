// Apps import CountdownKit alone: the engine's value types (CountdownError, CountdownAlignment,
// SuspensionPolicy, ManualCountdownClock, ...) come with it.
@_exported public import CountdownCore
