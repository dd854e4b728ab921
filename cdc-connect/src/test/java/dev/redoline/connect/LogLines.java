package dev.redoline.connect;

import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

/**
 * The log lines of {@code dev.redoline} loggers in this JVM (the Connect worker's included), as
 * log4j2 events with their thread name and MDC, at DEBUG while open.
 *
 * <pre>{@code
 * try (LogLines lines = LogLines.capture()) {
 *   ...
 *   lines.events();   // every line so far
 * }
 * }</pre>
 */
final class LogLines implements AutoCloseable {

  private final List<LogEvent> events = new ArrayList<>();
  private final AbstractAppender appender;
  private final LoggerConfig logger;
  private final Level previous;

  private LogLines() {
    LoggerContext context = (LoggerContext) LogManager.getContext(false);
    Configuration config = context.getConfiguration();
    appender =
        new AbstractAppender("redoline-it-lines", null, null, true, Property.EMPTY_ARRAY) {
          @Override
          public void append(LogEvent event) {
            synchronized (events) {
              events.add(event.toImmutable());
            }
          }
        };
    appender.start();
    logger = config.getLoggerConfig("dev.redoline");
    previous = logger.getLevel();
    logger.addAppender(appender, Level.DEBUG, null);
    logger.setLevel(Level.DEBUG);
    context.updateLoggers();
  }

  static LogLines capture() {
    return new LogLines();
  }

  List<LogEvent> events() {
    synchronized (events) {
      return List.copyOf(events);
    }
  }

  @Override
  public void close() {
    LoggerContext context = (LoggerContext) LogManager.getContext(false);
    logger.removeAppender(appender.getName());
    logger.setLevel(previous);
    context.updateLoggers();
    appender.stop();
  }
}
