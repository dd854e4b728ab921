package dev.redoline.connect;

import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.ConnectRecord;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.transforms.Transformation;

/**
 * A test transform that stops the task's thread, once, on the record whose key {@code ID} is {@code
 * hold.id}, until the test releases it: the task is then stuck in the middle of an Oracle
 * transaction with a Kafka transaction open, as a task that dies there would leave it.
 */
public final class HoldOnceTransform<R extends ConnectRecord<R>> implements Transformation<R> {

  static final CountDownLatch REACHED = new CountDownLatch(1);
  static final CountDownLatch RELEASE = new CountDownLatch(1);
  private static final AtomicBoolean HELD = new AtomicBoolean();

  private long holdId;

  @Override
  public void configure(Map<String, ?> configs) {
    holdId = Long.parseLong(String.valueOf(configs.get("hold.id")));
  }

  @Override
  public R apply(R record) {
    if (record.key() instanceof Struct key
        && key.schema().field("ID") != null
        && key.getInt64("ID") == holdId
        && HELD.compareAndSet(false, true)) {
      REACHED.countDown();
      try {
        RELEASE.await(120, TimeUnit.SECONDS); // a bound, so a failed test cannot hang the build
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return record;
  }

  @Override
  public ConfigDef config() {
    return new ConfigDef()
        .define("hold.id", ConfigDef.Type.LONG, ConfigDef.Importance.LOW, "key ID to hold at");
  }

  @Override
  public void close() {}
}
