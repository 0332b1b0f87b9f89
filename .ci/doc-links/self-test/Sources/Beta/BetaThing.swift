import Alpha

/// A type of the second module: ``Alpha/Thing/Kind/tick(_:)`` (a module it depends on),
/// ``Beta/BetaThing``; DANGLING: ``Thing`` (another module's symbol, without its module's name),
/// ``Alpha/BetaThing`` (not in that module), ``Alpha/Thing/bogus``.
public struct BetaThing {}
