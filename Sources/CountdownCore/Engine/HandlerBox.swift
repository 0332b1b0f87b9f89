/// A registration's handler in a class box.
///
/// A delivery pass refers to the boxes of its prepared callbacks unretained (no reference counting
/// per callback on the tick path). That is safe because a box removed from the table while a pass
/// runs is parked in ``EngineState/retiredHandlers`` until the pass ends.
package final class HandlerBox {
  package let call: CountdownHandler

  package init(_ call: @escaping CountdownHandler) {
    self.call = call
  }
}
