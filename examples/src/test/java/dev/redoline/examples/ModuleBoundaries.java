package dev.redoline.examples;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The rules the library's module descriptors keep, read from the compiled descriptors on the test
 * class path: a module exports one package to everyone, the package named like the module (its
 * API), and every other package is {@code <module>.internal} (or below it) or the engine's seam
 * ({@link #SEAM}, what the sinks use of the engine), exported only to named modules; a public type
 * of an API package names no type of a package that is no API in a public or protected signature.
 * The compiler holds main code to the exports; these rules keep the exports themselves small.
 */
final class ModuleBoundaries {

  /** The library's modules: each has a module-info.java. */
  static final List<String> LIBRARY =
      List.of(
          "dev.redoline.core",
          "dev.redoline.decoder",
          "dev.redoline.buffer",
          "dev.redoline.logminer",
          "dev.redoline.simulator",
          "dev.redoline.verify",
          "dev.redoline.embedded",
          "dev.redoline.connect",
          "dev.redoline.tools");

  /** The one package beside the API and internal ones: the engine's seam for its two sinks. */
  static final String SEAM = "dev.redoline.logminer.seam";

  /** The modules the seam is for. */
  static final Set<String> SINKS = Set.of("dev.redoline.embedded", "dev.redoline.connect");

  /** Modules outside the library an internal package may be exported to, and why. */
  static final Map<String, String> FOREIGN_READERS =
      Map.of("com.h2database", "the simulator's SQL engine calls its functions by name");

  private ModuleBoundaries() {}

  /** The library's compiled modules on the class path, by name. */
  static Map<String, ModuleReference> libraryModules() {
    Map<String, ModuleReference> found = new TreeMap<>();
    try {
      List<URL> descriptors =
          Collections.list(
              ModuleBoundaries.class.getClassLoader().getResources("module-info.class"));
      for (URL url : descriptors) {
        String name;
        try (InputStream in = url.openStream()) {
          name = ModuleDescriptor.read(in).name();
        }
        if (LIBRARY.contains(name)) {
          ModuleFinder.of(root(url)).find(name).ifPresent(ref -> found.put(name, ref));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return found;
  }

  /** The jar or class directory a {@code module-info.class} URL points into. */
  private static Path root(URL url) {
    try {
      String text = url.toString();
      if (text.startsWith("jar:")) {
        return Path.of(new URI(text.substring(4, text.indexOf("!/"))));
      }
      return Path.of(url.toURI()).getParent();
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(url.toString(), e);
    }
  }

  /** What is wrong with the exports of one descriptor, one line per fault. */
  static List<String> exportFaults(ModuleDescriptor module) {
    String name = module.name();
    String internal = name + ".internal";
    List<String> faults = new ArrayList<>();
    for (String pkg : module.packages()) {
      if (!pkg.equals(name)
          && !pkg.equals(internal)
          && !pkg.startsWith(internal + ".")
          && !pkg.equals(SEAM)) {
        faults.add(
            name
                + ": package "
                + pkg
                + " is neither the API package "
                + name
                + " nor under "
                + internal);
      }
    }
    for (ModuleDescriptor.Exports export : module.exports()) {
      String pkg = export.source();
      if (!export.isQualified()) {
        if (!pkg.equals(name)) {
          faults.add(name + ": exports " + pkg + " to every module; only " + name + " may be");
        }
        continue;
      }
      if (pkg.equals(name)) {
        faults.add(name + ": its API package " + pkg + " is exported to some modules only");
      }
      for (String target : export.targets()) {
        if (pkg.equals(SEAM) && !SINKS.contains(target)) {
          faults.add(name + ": exports its seam " + pkg + " to " + target + ", which is no sink");
        }
        if (!target.startsWith("dev.redoline.") && !FOREIGN_READERS.containsKey(target)) {
          faults.add(
              name + ": exports " + pkg + " to " + target + ", a module outside the library");
        }
      }
    }
    return faults;
  }

  /** The packages exported to every module by the given descriptors. */
  static Set<String> apiPackages(Iterable<ModuleDescriptor> modules) {
    Set<String> api = new HashSet<>();
    for (ModuleDescriptor module : modules) {
      module.exports().stream().filter(e -> !e.isQualified()).forEach(e -> api.add(e.source()));
    }
    return api;
  }

  /**
   * The public top-level and nested types of {@code pkg} in a module, loaded without initialising.
   */
  static List<Class<?>> publicTypes(ModuleReference module, String pkg) {
    List<Class<?>> types = new ArrayList<>();
    try (Stream<String> entries = module.open().list()) {
      for (String entry : (Iterable<String>) entries::iterator) {
        if (!entry.endsWith(".class")
            || entry.endsWith("module-info.class")
            || entry.endsWith("package-info.class")) {
          continue;
        }
        String className = entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
        if (className.substring(0, className.lastIndexOf('.')).equals(pkg)) {
          Class<?> type = Class.forName(className, false, ModuleBoundaries.class.getClassLoader());
          if (isVisible(type)) {
            types.add(type);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(
          "listed in " + module.descriptor().name() + " but not loadable", e);
    }
    return types;
  }

  private static boolean isVisible(Class<?> type) {
    for (Class<?> c = type; c != null; c = c.getDeclaringClass()) {
      if (!Modifier.isPublic(c.getModifiers()) && !Modifier.isProtected(c.getModifiers())) {
        return false;
      }
    }
    return !type.isAnonymousClass() && !type.isSynthetic();
  }

  /**
   * The library types that {@code type}'s public and protected signatures name from a package
   * {@code isApi} rejects, as {@code member: named type}.
   */
  static List<String> leaks(Class<?> type, Predicate<String> isApi) {
    List<String> leaks = new ArrayList<>();
    check(type.getName() + " extends", type.getGenericSuperclass(), isApi, leaks);
    for (Type implemented : type.getGenericInterfaces()) {
      check(type.getName() + " implements", implemented, isApi, leaks);
    }
    for (Field field : type.getDeclaredFields()) {
      if (exposed(field.getModifiers()) && !field.isSynthetic()) {
        check(type.getName() + "." + field.getName(), field.getGenericType(), isApi, leaks);
      }
    }
    for (Method method : type.getDeclaredMethods()) {
      if (exposed(method.getModifiers()) && !method.isSynthetic() && !method.isBridge()) {
        String member = type.getName() + "." + method.getName() + "()";
        check(member, method.getGenericReturnType(), isApi, leaks);
        checkExecutable(member, method, isApi, leaks);
      }
    }
    for (Constructor<?> constructor : type.getDeclaredConstructors()) {
      if (exposed(constructor.getModifiers()) && !constructor.isSynthetic()) {
        checkExecutable(type.getName() + ".<init>", constructor, isApi, leaks);
      }
    }
    return leaks;
  }

  private static boolean exposed(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
  }

  private static void checkExecutable(
      String member, Executable executable, Predicate<String> isApi, List<String> leaks) {
    for (Type parameter : executable.getGenericParameterTypes()) {
      check(member, parameter, isApi, leaks);
    }
    for (Type thrown : executable.getGenericExceptionTypes()) {
      check(member, thrown, isApi, leaks);
    }
    for (TypeVariable<?> variable : executable.getTypeParameters()) {
      for (Type bound : variable.getBounds()) {
        check(member, bound, isApi, leaks);
      }
    }
  }

  private static void check(
      String member, Type named, Predicate<String> isApi, List<String> leaks) {
    if (named instanceof Class<?> c) {
      while (c.isArray()) {
        c = c.getComponentType();
      }
      String pkg = c.getPackageName();
      if (!c.isPrimitive() && pkg.startsWith("dev.redoline.") && !isApi.test(pkg)) {
        leaks.add(member + ": " + c.getName());
      }
    } else if (named instanceof ParameterizedType p) {
      check(member, p.getRawType(), isApi, leaks);
      for (Type argument : p.getActualTypeArguments()) {
        check(member, argument, isApi, leaks);
      }
    } else if (named instanceof GenericArrayType a) {
      check(member, a.getGenericComponentType(), isApi, leaks);
    } else if (named instanceof WildcardType w) {
      for (Type bound : w.getUpperBounds()) {
        check(member, bound, isApi, leaks);
      }
      for (Type bound : w.getLowerBounds()) {
        check(member, bound, isApi, leaks);
      }
    }
    // A type variable names nothing itself; its bounds are checked where it is declared.
  }
}
