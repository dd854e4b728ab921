package dev.redoline.simulator.internal.oracle;

import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The simulated dictionary: containers and their tables. Object numbers are allocated per
 * container, so two PDBs use the same DATA_OBJ# values for different tables (requirement 26).
 */
public final class Catalog {

  /** First OBJECT_ID handed out in every container. */
  static final int FIRST_OBJECT_ID = 73_200;

  /** A container: CDB$ROOT, a PDB, or the one container (id 0) of a non-container database. */
  public static final class Container {
    private final int conId;
    private final String name;
    private final long conUid;
    private String openMode = "READ WRITE";
    private int nextObjectId = FIRST_OBJECT_ID;

    Container(int conId, String name, long conUid) {
      this.conId = conId;
      this.name = name;
      this.conUid = conUid;
    }

    public boolean open() {
      return !openMode.equals("MOUNTED");
    }

    public int conId() {
      return conId;
    }

    public String name() {
      return name;
    }

    public long conUid() {
      return conUid;
    }

    public String openMode() {
      return openMode;
    }

    public void openMode(String openMode) {
      this.openMode = openMode;
    }

    public int nextObjectId() {
      return nextObjectId;
    }

    public void nextObjectId(int nextObjectId) {
      this.nextObjectId = nextObjectId;
    }
  }

  private final boolean cdb;
  private final List<Container> containers = new ArrayList<>();
  private final List<Container> containersView = java.util.Collections.unmodifiableList(containers);
  private final List<SimTable> tables = new ArrayList<>();
  private final List<SimTable> tablesView = java.util.Collections.unmodifiableList(tables);
  private final Map<TableId, SimTable> live = new HashMap<>();
  private int recycleCounter;

  public Catalog(boolean cdb, List<String> pdbs) {
    this.cdb = cdb;
    if (cdb) {
      containers.add(new Container(1, "CDB$ROOT", 1));
      int id = 3;
      for (String pdb : pdbs) {
        containers.add(new Container(id, pdb, 1_000_000_000L + 7919L * id));
        id++;
      }
    } else {
      containers.add(new Container(0, null, 0));
    }
  }

  /** Whether this is a container database (CDB$ROOT and PDBs) rather than a non-CDB. */
  public boolean cdb() {
    return cdb;
  }

  /** The containers: CDB$ROOT then the PDBs, or the non-CDB's one (read only). */
  public List<Container> containers() {
    return containersView;
  }

  /** Every table created, live or dropped, in the order created (read only). */
  public List<SimTable> tables() {
    return tablesView;
  }

  /**
   * The container a table of {@code pdb} lives in; {@code null} names the root (or the non-CDB).
   */
  public Container container(String pdb) {
    if (!cdb) {
      if (pdb != null) {
        throw new IllegalArgumentException("Not a container database: no PDB " + pdb);
      }
      return containers.get(0);
    }
    String name = pdb == null ? "CDB$ROOT" : pdb;
    for (Container c : containers) {
      if (c.name.equals(name)) {
        return c;
      }
    }
    throw new IllegalArgumentException("No PDB " + pdb + " (PDBs: " + pdbNames() + ")");
  }

  public Container container(int conId) {
    for (Container c : containers) {
      if (c.conId == conId) {
        return c;
      }
    }
    return null;
  }

  private List<String> pdbNames() {
    List<String> names = new ArrayList<>();
    for (Container c : containers) {
      if (c.conId > 2) {
        names.add(c.name);
      }
    }
    return names;
  }

  public int allocateObjectId(Container c) {
    return c.nextObjectId++;
  }

  /** Creates a table (with one segment, or one per partition name). */
  public SimTable create(TableId id, TableLayout layout, List<String> partitions) {
    if (live.containsKey(id)) {
      throw new IllegalArgumentException("Table " + id + " already exists");
    }
    Container c = container(id.pdb());
    SimTable table = new SimTable(id, c.conId, allocateObjectId(c), layout);
    if (partitions.isEmpty()) {
      table.segments().add(new SimTable.Segment(null, table.objectId(), table.objectId()));
    } else {
      for (String p : partitions) {
        int obj = allocateObjectId(c);
        table.segments().add(new SimTable.Segment(p, obj, obj));
      }
    }
    tables.add(table);
    live.put(id, table);
    return table;
  }

  /** The live (not dropped) table, or an exception naming it. */
  public SimTable table(TableId id) {
    SimTable t = live.get(id);
    if (t == null) {
      throw new IllegalArgumentException("No table " + id);
    }
    return t;
  }

  SimTable find(TableId id) {
    return live.get(id);
  }

  /** DROP TABLE: into the recycle bin (a BIN$ name of 30 characters), or gone with PURGE. */
  public void drop(SimTable table, boolean purge) {
    live.remove(table.id());
    if (purge) {
      table.purged(true);
    } else {
      String body = String.format("%022d", ++recycleCounter * 7_919_111L);
      table.recycleBinName("BIN$" + body.substring(0, 22) + "==$0");
    }
  }

  /** A new DATA_OBJECT_ID in the table's container (TRUNCATE, MOVE). */
  public int newDataObjectId(SimTable table) {
    return allocateObjectId(container(table.conId()));
  }
}
