package dev.redoline.logminer.internal;

import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * The capture user's CONTAINER_DATA attributes, as {@code DBA_CONTAINER_DATA} lists them: which
 * containers' rows a common user at CDB$ROOT sees in container data objects (the CDB_ views, and
 * the V$ and GV$ views with a CON_ID, such as GV$TRANSACTION and V$PDBS). Without an attribute a
 * user sees the root's rows only (19c Reference, "CDB_* Views").
 *
 * <pre>{@code
 * List<String> hidden = db.containerData().hidden("GV$TRANSACTION", List.of("PDB1", "PDB2"));
 * }</pre>
 *
 * <p>An attribute of one view (ALTER USER ... SET CONTAINER_DATA = (...) FOR view) is taken to
 * decide for that view instead of the user-level one. Whether Oracle rather combines the two is not
 * confirmed; this reading never counts a container visible that either reading hides.
 *
 * @param attributes the rows, in any order
 */
public record ContainerData(List<Attribute> attributes) {

  /** What a non-container database (or a user with CONTAINER_DATA=ALL) sees: everything. */
  public static final ContainerData ALL =
      new ContainerData(List.of(new Attribute(null, true, null)));

  /**
   * One row of DBA_CONTAINER_DATA.
   *
   * @param object the view an object-specific attribute is for (OBJECT_NAME), {@code null} for the
   *     user-level (DEFAULT_ATTR 'Y') one
   * @param all ALL_CONTAINERS is 'Y'
   * @param container CONTAINER_NAME, when not {@code all}
   */
  public record Attribute(String object, boolean all, String container) {}

  public ContainerData {
    attributes = List.copyOf(Objects.requireNonNull(attributes, "attributes == null"));
  }

  /** Whether a session at the root sees the rows of PDB {@code container} in {@code view}. */
  public boolean sees(String view, String container) {
    boolean forView = attributes.stream().anyMatch(a -> names(a.object(), view));
    for (Attribute a : attributes) {
      boolean applies = forView ? names(a.object(), view) : a.object() == null;
      if (applies && (a.all() || container.equalsIgnoreCase(a.container()))) {
        return true;
      }
    }
    return false;
  }

  /** Whether an attribute's OBJECT_NAME is {@code view}, by its public synonym or its V_$ name. */
  private static boolean names(String object, String view) {
    return object != null && object.replace("_$", "$").equalsIgnoreCase(view.replace("_$", "$"));
  }

  /** The containers among {@code containers} whose rows {@code view} hides, in their order. */
  public List<String> hidden(String view, Collection<String> containers) {
    return containers.stream().filter(c -> !sees(view, c)).toList();
  }
}
