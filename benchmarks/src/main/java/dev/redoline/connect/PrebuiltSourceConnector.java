package dev.redoline.connect;

import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.source.ConnectorTransactionBoundaries;
import org.apache.kafka.connect.source.ExactlyOnceSupport;
import org.apache.kafka.connect.source.SourceConnector;

/**
 * Connect's own ceiling for {@link ConnectThroughputBenchmark}: a connector whose one task hands
 * the worker records built before it started ({@link PrebuiltSourceTask}), so a run measures only
 * what the worker does with them (conversion, producing, offsets, transactions), which every source
 * connector pays. Supports exactly-once and defines its transaction boundaries, as the Redoline
 * connector does, so both run under the same worker settings.
 */
public final class PrebuiltSourceConnector extends SourceConnector {

  private Map<String, String> props;

  @Override
  public void start(Map<String, String> props) {
    this.props = Map.copyOf(props);
  }

  @Override
  public Class<? extends Task> taskClass() {
    return PrebuiltSourceTask.class;
  }

  @Override
  public List<Map<String, String>> taskConfigs(int maxTasks) {
    return List.of(props);
  }

  @Override
  public void stop() {}

  @Override
  public ConfigDef config() {
    return new ConfigDef()
        .define(
            PrebuiltSourceTask.RECORDS,
            ConfigDef.Type.STRING,
            ConfigDef.Importance.HIGH,
            "Name under which the benchmark registered the records to hand out");
  }

  @Override
  public String version() {
    return "bench";
  }

  @Override
  public ExactlyOnceSupport exactlyOnceSupport(Map<String, String> connectorConfig) {
    return ExactlyOnceSupport.SUPPORTED;
  }

  @Override
  public ConnectorTransactionBoundaries canDefineTransactionBoundaries(
      Map<String, String> connectorConfig) {
    return ConnectorTransactionBoundaries.SUPPORTED;
  }
}
