package dev.redoline.tools.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A command's arguments after its name: positionals, {@code --name value} options (repeatable ones
 * keep every value) and {@code --flag}s. An option a command does not know is a usage error naming
 * it, so a typo never silently changes what runs.
 *
 * <pre>{@code
 * Arguments a = Arguments.parse(List.of("jdbc:...", "--user", "U"), Set.of("--user"), Set.of("--help"));
 * a.positionals();    // [jdbc:...]
 * a.option("--user"); // U
 * }</pre>
 */
final class Arguments {

  private final List<String> positionals;
  private final Map<String, List<String>> options;
  private final Set<String> flags;

  private Arguments(
      List<String> positionals, Map<String, List<String>> options, Set<String> flags) {
    this.positionals = positionals;
    this.options = options;
    this.flags = flags;
  }

  static Arguments parse(List<String> args, Set<String> valued, Set<String> knownFlags)
      throws UsageException {
    List<String> positionals = new ArrayList<>();
    Map<String, List<String>> options = new LinkedHashMap<>();
    Set<String> flags = new java.util.HashSet<>();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (!arg.startsWith("--")) {
        positionals.add(arg);
      } else if (knownFlags.contains(arg)) {
        flags.add(arg);
      } else if (valued.contains(arg)) {
        if (i + 1 >= args.size()) {
          throw new UsageException(arg + " needs a value");
        }
        options.computeIfAbsent(arg, k -> new ArrayList<>()).add(args.get(++i));
      } else {
        List<String> known = new ArrayList<>(valued);
        known.addAll(knownFlags);
        java.util.Collections.sort(known);
        throw new UsageException(
            "unknown option " + arg + "; this command knows " + String.join(", ", known));
      }
    }
    return new Arguments(List.copyOf(positionals), options, Set.copyOf(flags));
  }

  List<String> positionals() {
    return positionals;
  }

  boolean flag(String name) {
    return flags.contains(name);
  }

  /** The option's last value, or {@code null} when not given. */
  String option(String name) {
    List<String> values = options.get(name);
    return values == null ? null : values.get(values.size() - 1);
  }

  /** Every value of a repeatable option, in order. */
  List<String> all(String name) {
    return options.getOrDefault(name, List.of());
  }
}
