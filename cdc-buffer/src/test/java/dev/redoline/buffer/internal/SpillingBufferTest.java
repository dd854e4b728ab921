package dev.redoline.buffer.internal;

/** The contract with a zero budget: every transaction spills at its first change. */
class SpillingBufferTest extends TransactionBufferContractTest {

  @Override
  TransactionBuffer.Builder configure(TransactionBuffer.Builder builder) {
    return builder.memoryBudgetBytes(0).spillBufferBytes(64);
  }

  @Override
  boolean spillsEverything() {
    return true;
  }
}
