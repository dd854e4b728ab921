package dev.redoline.connect;

import dev.redoline.buffer.internal.FileTransactionJournal;
import dev.redoline.buffer.internal.TransactionJournal;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract on cdc-buffer's file journal, the reference implementation: shows the contract's
 * cases hold for a journal known to be right, so a failure of the Kafka journal is the journal's.
 */
class FileJournalContractTest extends JournalContract {

  @TempDir
  Path temp;

  @Override
  TransactionJournal journal() {
    return FileTransactionJournal.open(temp.resolve("journal"));
  }

  @Override
  TransactionJournal reopen() {
    return FileTransactionJournal.open(temp.resolve("journal"));
  }
}
