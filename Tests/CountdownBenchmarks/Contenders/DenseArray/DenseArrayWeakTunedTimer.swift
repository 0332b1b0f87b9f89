/// H+W tuned: H tuned holding each receiver weakly, as ours must (a receiver is never retained):
/// storing the reference gives the receiver a side table when it registers. The floor of a dense
/// design that keeps that guarantee.
final class DenseArrayWeakTunedTimer: DenseArrayTunedTimer, @unchecked Sendable {
  // @unchecked Sendable: as its superclass's, whose lock guards all it holds.
  required init() {
    super.init(holdsReceiversWeakly: true)
  }
}
