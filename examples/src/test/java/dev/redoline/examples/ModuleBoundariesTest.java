package dev.redoline.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Change;
import dev.redoline.core.Position;
import dev.redoline.core.internal.ChangeSequence;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleReference;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The library's module descriptors (see {@link ModuleBoundaries}), read from the examples' test
 * class path, which holds every library module (cdc-connect in test scope for this test).
 */
class ModuleBoundariesTest {

  private final Map<String, ModuleReference> modules = ModuleBoundaries.libraryModules();

  @Test
  void everyLibraryModule_hasItsDescriptor() {
    assertThat(modules.keySet()).containsExactlyInAnyOrderElementsOf(ModuleBoundaries.LIBRARY);
  }

  @Test
  void everyModule_exportsOnlyItsApiPackageToEveryone() {
    List<String> faults = new ArrayList<>();
    modules.values().forEach(m -> faults.addAll(ModuleBoundaries.exportFaults(m.descriptor())));
    assertThat(faults).as("exports that break the module rules").isEmpty();
  }

  @Test
  void apiTypes_nameNoInternalType() {
    Set<String> api =
        ModuleBoundaries.apiPackages(
            modules.values().stream().map(ModuleReference::descriptor).toList());
    List<String> leaks = new ArrayList<>();
    int checked = 0;
    for (ModuleReference module : modules.values()) {
      for (String pkg : api) {
        if (module.descriptor().packages().contains(pkg)) {
          for (Class<?> type : ModuleBoundaries.publicTypes(module, pkg)) {
            leaks.addAll(ModuleBoundaries.leaks(type, api::contains));
            checked++;
          }
        }
      }
    }
    assertThat(checked).as("public API types found").isGreaterThan(20);
    assertThat(leaks).as("API signatures naming a type users cannot reach").isEmpty();
  }

  /**
   * A position is a token users store and hand back: what it holds and the engine's operations on
   * it live in cdc-core's internal package, so nothing here may grow without a reason.
   */
  @Test
  void position_offersUsersOnlyAnOpaqueToken() {
    List<String> surface = new ArrayList<>();
    for (Method m : Position.class.getDeclaredMethods()) {
      if (Modifier.isPublic(m.getModifiers())) {
        surface.add(
            m.getName()
                + Arrays.stream(m.getParameterTypes())
                    .map(Class::getSimpleName)
                    .collect(Collectors.joining(", ", "(", ")")));
      }
    }
    assertThat(surface)
        .containsExactlyInAnyOrder(
            "start(Scn)",
            "fromMap(Map)",
            "toMap()",
            "scn()",
            "equals(Object)",
            "hashCode()",
            "toString()");
    assertThat(Position.class.getConstructors()).as("public constructors").isEmpty();
    assertThat(Position.class.getFields()).as("public fields").isEmpty();
    assertThat(Position.class.isRecord()).as("a record shows its components").isFalse();
    assertThat(Modifier.isFinal(Position.class.getModifiers())).isTrue();
  }

  // The rules themselves, on descriptors and types made to break them.

  @Test
  void exportFaults_nameAnInternalPackageExportedToEveryone() {
    ModuleDescriptor wide =
        ModuleDescriptor.newModule("dev.redoline.x")
            .exports("dev.redoline.x")
            .exports("dev.redoline.x.internal")
            .build();
    assertThat(ModuleBoundaries.exportFaults(wide))
        .containsExactly(
            "dev.redoline.x: exports dev.redoline.x.internal to every module; only dev.redoline.x may be");
  }

  @Test
  void exportFaults_nameAPackageOutsideTheRulesAndAForeignReader() {
    ModuleDescriptor odd =
        ModuleDescriptor.newModule("dev.redoline.x")
            .exports("dev.redoline.x")
            .packages(Set.of("dev.redoline.x.jdbc"))
            .exports(Set.of(), "dev.redoline.x.internal", Set.of("org.example"))
            .build();
    assertThat(ModuleBoundaries.exportFaults(odd))
        .containsExactlyInAnyOrder(
            "dev.redoline.x: package dev.redoline.x.jdbc is neither the API package dev.redoline.x"
                + " nor under dev.redoline.x.internal",
            "dev.redoline.x: exports dev.redoline.x.internal to org.example, a module outside the library");
  }

  @Test
  void exportFaults_acceptInternalsExportedToLibraryModules() {
    ModuleDescriptor good =
        ModuleDescriptor.newModule("dev.redoline.x")
            .exports("dev.redoline.x")
            .exports(Set.of(), "dev.redoline.x.internal", Set.of("dev.redoline.y"))
            .build();
    assertThat(ModuleBoundaries.exportFaults(good)).isEmpty();
  }

  /** Names an internal type in a parameter, a type argument of a return type and a field. */
  public static final class Leaky {
    public ChangeSequence sequence;

    public List<? extends ChangeSequence> all() {
      return List.of();
    }

    public void take(Change change, ChangeSequence[] sequences) {}

    void packagePrivate(ChangeSequence notExposed) {}
  }

  @Test
  void leaks_nameEveryPublicSignatureThatNamesAnInternalType() {
    List<String> leaks = ModuleBoundaries.leaks(Leaky.class, "dev.redoline.core"::equals);
    assertThat(leaks)
        .containsExactlyInAnyOrder(
            Leaky.class.getName() + ".sequence: " + ChangeSequence.class.getName(),
            Leaky.class.getName() + ".all(): " + ChangeSequence.class.getName(),
            Leaky.class.getName() + ".take(): " + ChangeSequence.class.getName());
  }
}
