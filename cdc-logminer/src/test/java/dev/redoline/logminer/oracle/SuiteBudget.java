package dev.redoline.logminer.oracle;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The real-Oracle suites' time budget: a whole suite class, the container's start and the
 * documented setup included, runs in at most {@link #SUITE} on two cores. It cannot be measured
 * where the project is built (no Docker engine), so it is enforced by construction: every case
 * carries its own {@code @Timeout} (JUnit fails a case that overruns it), the start and the setup
 * have theirs ({@link OracleFree#START_BOUND}, {@link OracleFree#SETUP_BOUND}), and their sum must
 * stay within the budget. {@link OracleFree.Shared} checks a class before starting the database;
 * the normal build checks both suites too, so a case added without a bound, or one that breaks the
 * budget, fails there first.
 */
public final class SuiteBudget {

  /** At most this long for one suite class on two cores. */
  public static final Duration SUITE = Duration.ofMinutes(30);

  private SuiteBudget() {}

  /** The sum of the bounds of {@code suite}: start, setup and every case's {@code @Timeout}. */
  public static Duration bounds(Class<?> suite) {
    Duration sum = OracleFree.START_BOUND.plus(OracleFree.SETUP_BOUND);
    List<String> unbounded = new ArrayList<>();
    for (Method m : suite.getDeclaredMethods()) {
      if (!m.isAnnotationPresent(Test.class)) {
        continue;
      }
      Timeout t = m.getAnnotation(Timeout.class);
      if (t == null) {
        unbounded.add(m.getName());
      } else {
        sum = sum.plus(Duration.of(t.value(), t.unit().toChronoUnit()));
      }
    }
    if (!unbounded.isEmpty()) {
      throw new AssertionError(
          suite.getSimpleName()
              + ": every case of a real-Oracle suite needs its own @Timeout (the suite's budget is"
              + " the sum of them); none on "
              + unbounded);
    }
    return sum;
  }

  /** Fails when the bounds of {@code suite} add up to more than {@link #SUITE}. */
  public static void assertWithin(Class<?> suite) {
    Duration sum = bounds(suite);
    if (sum.compareTo(SUITE) > 0) {
      throw new AssertionError(
          suite.getSimpleName()
              + ": its cases' @Timeout bounds with the container's start ("
              + OracleFree.START_BOUND.toMinutes()
              + " min) and setup ("
              + OracleFree.SETUP_BOUND.toMinutes()
              + " min) add up to "
              + sum.toMinutes()
              + " min, over the "
              + SUITE.toMinutes()
              + " min a suite may take on two cores");
    }
  }
}
