/**
 * The transaction buffer and its journal port. Only the capture engine and the sinks use them, so
 * the module's one package is internal and exported to those modules by name.
 */
@SuppressWarnings("module") // the qualified export names modules built after this one
module dev.redoline.buffer {
  requires dev.redoline.core;
  requires org.slf4j;
  // HeapLayout reads the heap's compressed-pointer flags to size buffered changes.
  requires jdk.management;

  exports dev.redoline.buffer.internal to
      dev.redoline.logminer,
      dev.redoline.embedded,
      dev.redoline.connect;
}
