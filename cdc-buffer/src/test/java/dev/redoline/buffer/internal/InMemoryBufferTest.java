package dev.redoline.buffer.internal;

/** The contract with a budget no test reaches: nothing spills. */
class InMemoryBufferTest extends TransactionBufferContractTest {

  @Override
  TransactionBuffer.Builder configure(TransactionBuffer.Builder builder) {
    return builder.memoryBudgetBytes(Long.MAX_VALUE);
  }

  @Override
  boolean spillsEverything() {
    return false;
  }
}
