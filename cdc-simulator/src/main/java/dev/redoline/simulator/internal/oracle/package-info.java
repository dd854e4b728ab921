/**
 * The simulator's Oracle model, whose parts {@code SimulatedOracle} builds and hands to each other
 * explicitly ({@code Database} is only what the driver opens sessions on): redo ({@code RedoLog},
 * {@code RedoThread}, {@code LogFile}, {@code RedoRecord}), the dictionary ({@code Catalog}, {@code
 * SimTable}, {@code TableHistory}), transactions ({@code TransactionTable}, {@code Transaction},
 * {@code TxState}), instances, flashback queries ({@code FlashbackQuery}), and LogMiner: the logs a
 * session added and the checks START_LOGMNR makes ({@code AddedLog}, {@code SessionChecks}), a
 * session's state ({@code ServerMiningSession}), the rows of V$LOGMNR_CONTENTS ({@code MiningRun}
 * reads the added logs, {@code RowFormatter} writes a row), the errors a fetch raises ({@code
 * MiningChecks}) and LogMiner's own pace ({@code LogMinerPacer}, {@code LogMinerCpus}).
 */
package dev.redoline.simulator.internal.oracle;
