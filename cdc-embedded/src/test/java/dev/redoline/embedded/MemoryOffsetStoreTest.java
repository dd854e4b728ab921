package dev.redoline.embedded;

class MemoryOffsetStoreTest extends OffsetStoreContractTest {

  private OffsetStore store;

  @Override
  OffsetStore store() {
    store = OffsetStore.inMemory();
    return store;
  }

  @Override
  OffsetStore reopen() {
    return store;
  }
}
