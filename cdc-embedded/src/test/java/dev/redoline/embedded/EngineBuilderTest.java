package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.logminer.DeadLetterSink;
import dev.redoline.logminer.OpsListener;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The builder's surface: one way to hear each kind of event (docs/embedded.md). */
class EngineBuilderTest {

  /** What a user hears of a running engine, and the listener type each is heard through. */
  private static final List<Class<?>> LISTENERS =
      List.of(ChangeHandler.class, DeadLetterSink.class, OpsListener.class, FailureListener.class);

  @Test
  void builder_offersExactlyOneWayToHearEachKindOfEvent() {
    Map<String, List<String>> ways = new TreeMap<>();
    for (Class<?> listener : LISTENERS) {
      ways.put(listener.getSimpleName(), new ArrayList<>());
    }
    for (Method method : EmbeddedEngine.Builder.class.getMethods()) {
      if (!Modifier.isPublic(method.getModifiers())) {
        continue;
      }
      for (Class<?> parameter : method.getParameterTypes()) {
        for (Class<?> listener : LISTENERS) {
          if (listener.isAssignableFrom(parameter)
              || (parameter.isAssignableFrom(listener) && parameter != Object.class)) {
            ways.get(listener.getSimpleName())
                .add(method.getName() + Arrays.toString(method.getParameterTypes()));
          }
        }
      }
    }
    assertThat(ways)
        .as("builder methods through which each kind of event is heard")
        .allSatisfy((listener, methods) -> assertThat(methods).as(listener).hasSize(1));
  }
}
