/**
 * The Kafka Connect source connector. {@code dev.redoline.connect} holds only the classes the
 * Connect worker loads (the connector, its task and its configuration definition).
 *
 * <p>A Connect worker loads plugins from the class path (or a plugin path of class loaders), where
 * this descriptor is ignored; it states the module's boundaries for the compiler. The Kafka jars
 * name no module, so they are the automatic modules their file names give.
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module dev.redoline.connect {
  requires transitive connect.api;
  requires transitive kafka.clients;
  requires transitive dev.redoline.core;
  requires dev.redoline.logminer;
  requires dev.redoline.buffer;
  requires dev.redoline.verify;
  requires org.slf4j;

  exports dev.redoline.connect;

  provides org.apache.kafka.connect.source.SourceConnector with
      dev.redoline.connect.RedolineSourceConnector;
}
