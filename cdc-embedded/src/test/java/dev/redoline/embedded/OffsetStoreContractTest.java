package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CommitMark;
import dev.redoline.core.Position;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.internal.PositionState;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What every {@link OffsetStore} does; one thin subclass per implementation. */
abstract class OffsetStoreContractTest {

  /** A new, empty store. */
  abstract OffsetStore store();

  /** The same store as another instance would see it after a restart. */
  abstract OffsetStore reopen();

  static Position position(long scn, int index) {
    RedoAddress resume = RedoAddress.parseRsId(1, " 0x000007.00018a2d.009c ");
    RedoAddress commit = new RedoAddress(2, 8, 17, 16);
    return PositionState.start(Scn.of(scn))
        .withResume(Scn.of(scn), Map.of(1, resume))
        .withDelivered(new CommitMark(Scn.of(scn + 5), commit), index)
        .toPosition();
  }

  @Test
  void load_isEmptyBeforeTheFirstStore() {
    assertThat(store().load()).isEmpty();
  }

  @Test
  void store_thenLoadAfterRestartGivesThePositionBack() {
    OffsetStore store = store();
    store.store(position(100, 3));
    assertThat(reopen().load()).contains(position(100, 3));
  }

  @Test
  void store_replacesTheEarlierPosition() {
    OffsetStore store = store();
    store.store(position(100, 3));
    store.store(position(200, 0));
    assertThat(reopen().load()).contains(position(200, 0));
  }

  @Test
  void store_keepsAWholeTransactionMark() {
    OffsetStore store = store();
    Position whole =
        PositionState.start(Scn.parse("18446744073709551615"))
            .withDelivered(
                new CommitMark(Scn.of(7), new RedoAddress(1, 1, 1, 1)), PositionState.WHOLE)
            .toPosition();
    store.store(whole);
    assertThat(reopen().load()).contains(whole);
  }
}
