package dev.redoline.simulator.internal.oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The capture user's CONTAINER_DATA attributes (19c Reference, "CDB_* Views" and "About Dynamic
 * Performance Views"; DBA_CONTAINER_DATA): which containers' rows a common user connected to
 * CDB$ROOT sees in container data objects, the CDB_ views and the V$/GV$ views with a CON_ID. Rows
 * of the root (CON_ID 1) and of the CDB as a whole (CON_ID 0) are always shown. A user never
 * granted an attribute sees only those, which is Oracle's default; the simulator's default is
 * CONTAINER_DATA=ALL, the grant docs/oracle-setup.md asks for.
 *
 * <p>An object-specific attribute (ALTER USER ... SET CONTAINER_DATA = (...) FOR view) decides for
 * its view instead of the user-level one. Whether Oracle combines the two rather than letting the
 * object's win is not confirmed; letting it win is the reading under which a narrower grant on one
 * view hides rows.
 */
public final class ContainerDataGrants {

  /** One attribute: of the user ({@code object} null) or of one view; every container, or these. */
  record Attribute(String object, boolean all, Set<String> containers) {}

  private final List<Attribute> attributes =
      new ArrayList<>(List.of(new Attribute(null, true, Set.of())));

  /**
   * Replaces the user-level attribute: these PDBs besides the root; none is the root alone (never
   * granted).
   */
  public void userLevel(Set<String> pdbs) {
    attributes.removeIf(a -> a.object() == null);
    if (!pdbs.isEmpty()) {
      attributes.add(new Attribute(null, false, Set.copyOf(pdbs)));
    }
  }

  /** Sets the attribute of one view: these PDBs besides the root. */
  public void forView(String view, Set<String> pdbs) {
    attributes.removeIf(a -> view.equals(a.object()));
    attributes.add(new Attribute(view, false, Set.copyOf(pdbs)));
  }

  /** Whether a session at the root sees rows of container {@code c} in {@code view}. */
  public boolean sees(String view, Catalog.Container c) {
    if (c.conId() <= 1) {
      return true;
    }
    Attribute decides = null;
    for (Attribute a : attributes) {
      if (view.equals(a.object()) || (a.object() == null && decides == null)) {
        decides = a;
      }
    }
    return decides != null && (decides.all() || decides.containers().contains(c.name()));
  }

  /**
   * The rows of DBA_CONTAINER_DATA for the user: one per attribute and container (CDB$ROOT listed
   * first), or one with ALL_CONTAINERS 'Y'.
   */
  public List<Object[]> rows(String user) {
    List<Object[]> out = new ArrayList<>();
    for (Attribute a : attributes) {
      String defaultAttr = a.object() == null ? "Y" : "N";
      String owner = a.object() == null ? null : "SYS";
      if (a.all()) {
        out.add(new Object[] {user, defaultAttr, owner, a.object(), "Y", null});
        continue;
      }
      out.add(new Object[] {user, defaultAttr, owner, a.object(), "N", "CDB$ROOT"});
      for (String pdb : a.containers().stream().sorted().toList()) {
        out.add(new Object[] {user, defaultAttr, owner, a.object(), "N", pdb});
      }
    }
    return out;
  }
}
