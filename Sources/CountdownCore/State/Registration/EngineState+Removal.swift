// Cancelling one registration or all of them, and registrations removed
// (freed now, or retired until the running pass ends).

extension EngineState {
  /// Ends `receiver`'s registration without a further call; the running pass skips a callback it
  /// prepared for it. A registration of a dead object that lived at its address is removed too,
  /// but is not found as `receiver`'s.
  mutating func cancel(_ receiver: AnyObject) -> Cancellation {
    guard let index = table.index(of: ObjectIdentifier(receiver)) else {
      return Cancellation(found: false, released: nil, timer: .none)
    }
    counts.noteChange()
    let isRunning = isRegistration(at: index, of: receiver) && !table[index].timing.isFinished
    pass.context?.withdrawPreparedCallback(of: table[index].slot)
    defer { checkRulesIfEnabled() }
    let released = remove(at: index)
    return Cancellation(found: isRunning, released: released, timer: disarmIfEmpty())
  }

  /// Ends every registration without a further call; the running pass skips every callback it
  /// prepared.
  mutating func cancelAll() -> CancellationOfAll {
    pass.context?.withdrawEveryPreparedCallback()
    counts.noteChange()
    defer { checkRulesIfEnabled() }
    let released = removeAll()
    return CancellationOfAll(released: released, timer: disarmIfEmpty())
  }

  /// The withdrawals noted in `context` since the pass last took them. It only forwards to
  /// ``DeliveryContext/takeWithdrawals()``, on purpose: as a transition, it runs under the lock,
  /// under which any thread notes a withdrawal, so that none is lost between the take and the forget.
  func takeWithdrawals(notedIn context: DeliveryContext) -> (slots: [SlotReference], all: Bool) {
    context.takeWithdrawals()
  }

  /// Frees the slot of a registration taken out of the table and hands back its handler, or, while
  /// a pass runs (which may hold both: ``UnownedHandler``), keeps both for it until it ends (rule 6).
  mutating func freeOrKeepForPass(_ slot: SlotReference, handler: consuming @escaping CountdownHandler)
    -> CountdownHandler?
  {
    forgetIndexEntry(of: slot)
    guard pass.context == nil else {
      // What the running pass took for it by slot and generation (the ends it delivers) is stale
      // from now on (freeing the slot would make it so too).
      slot.renewGeneration()
      pass.retire(slot, handler: handler)
      return nil
    }
    slots.free(slot)
    return handler
  }

  /// Frees the slots retired during the pass that just ended; returns their handlers.
  mutating func freeRetired() -> [CountdownHandler] {
    let (retired, handlers) = pass.takeRetired()
    for slot in retired {
      slots.free(slot)
    }
    return handlers
  }

  /// Removes the registration at `index` (``freeOrKeepForPass(_:handler:)``).
  mutating func remove(at index: NodeIndex) -> CountdownHandler? {
    let node = table.remove(at: index)
    forgetBoundIfNothingIsWalked()
    return freeOrKeepForPass(node.slot, handler: node.handler.closure)
  }

  /// Removes every registration (``freeOrKeepForPass(_:handler:)``).
  mutating func removeAll() -> [CountdownHandler] {
    var handlers: [CountdownHandler] = []
    handlers.reserveCapacity(pass.context == nil ? table.count : 0)
    for node in table.nodes {
      if let handler = freeOrKeepForPass(node.slot, handler: node.handler.closure) {
        handlers.append(handler)
      }
    }
    table.removeAll()
    // Each freeOrKeepForPass unlinked its registration's entry: the ends to come and the wheel are
    // empty; and nothing changes any more, so no bound left stale buys a wakeup.
    changeBound.reset()
    return handlers
  }

  /// Removes the registration `named` names (one a pass ended), if it is still there.
  mutating func remove(_ named: RegistrationIdentity) -> CountdownHandler? {
    guard let index = table.index(of: named.key), table[index].slot == named.slot else {
      return nil
    }
    return remove(at: index)
  }

  /// Whether the registration at `index` belongs to `receiver`, which is alive (not one of a dead
  /// object that lived at the same address).
  func isRegistration(at index: NodeIndex, of receiver: AnyObject) -> Bool {
    table[index].slot.isRegistration(of: receiver)
  }

  /// The position of `receiver`'s registration, if it has one that is not finished. A
  /// registration of a dead object that lived at the same address is not `receiver`'s.
  func liveIndex(of receiver: AnyObject) -> NodeIndex? {
    guard let index = table.index(of: ObjectIdentifier(receiver)),
      isRegistration(at: index, of: receiver), !table[index].timing.isFinished
    else { return nil }
    return index
  }
}

// What the cancels hand back.

/// What a cancel (``EngineState/cancel(_:)``) found and freed.
struct Cancellation {
  /// Whether the receiver had a running or paused registration.
  let found: Bool
  let released: CountdownHandler?
  /// The timer disarmed, if this took the last registration.
  let timer: TimerAction
}

/// What ending every registration (``EngineState/cancelAll()``) freed.
struct CancellationOfAll {
  let released: [CountdownHandler]
  /// The timer disarmed, if it was armed.
  let timer: TimerAction
}
