package dev.redoline.logminer;

/**
 * Where dead letters go: a file for the embedded engine, a topic for Kafka Connect. Called on the
 * capture thread; a sink that throws stops the capture, so no dead letter is lost silently.
 */
@FunctionalInterface
public interface DeadLetterSink {

  void accept(DeadLetter letter);
}
