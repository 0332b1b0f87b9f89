/// What the engine calls for a registration: its remaining (or, counting up, elapsed) whole
/// intervals, and a stop flag that ends the registration after this call.
///
/// The engine does not pass the receiver and does not watch it die: a handler that must end with
/// its receiver captures it weakly and sets `stop` once it is gone (CountdownKit's manager does so
/// for every countdown). That keeps weak-reference atomics off the engine's tick.
public typealias CountdownHandler = @Sendable (_ value: Int, _ stop: inout Bool) -> Void
