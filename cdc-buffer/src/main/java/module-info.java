/**
 * The transaction buffer and its journal port. A user receives only the buffer's metrics ({@code
 * dev.redoline.buffer}); the buffer itself is used by the capture engine and the journal port by
 * the two sinks, so {@code dev.redoline.buffer.internal} is exported to those modules by name.
 */
@SuppressWarnings("module") // the qualified export names modules built after this one
module dev.redoline.buffer {
  requires transitive dev.redoline.core;
  requires org.slf4j;
  // HeapLayout reads the heap's compressed-pointer flags to size buffered changes.
  requires jdk.management;

  exports dev.redoline.buffer;
  exports dev.redoline.buffer.internal to
      dev.redoline.logminer,
      dev.redoline.embedded,
      dev.redoline.connect;
}
