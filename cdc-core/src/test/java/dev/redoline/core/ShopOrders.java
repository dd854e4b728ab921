package dev.redoline.core;

/**
 * The SHOP.ORDERS table the tests of every module capture, declared once (shared through cdc-core's
 * test-jar): the buffer's fixture changes, the engine's scenarios, the embedded engine's and the
 * Connect task's scripted simulators all name this table with these columns.
 *
 * <pre>{@code
 * oracle.createTable(ShopOrders.layout());          // ID, STATUS
 * oracle.createTable(ShopOrders.withAmount());      // ID, STATUS, AMOUNT: decimals in records
 * }</pre>
 */
public final class ShopOrders {

  /** SHOP.ORDERS in a non-container database. */
  public static final TableId TABLE = TableId.of("SHOP", "ORDERS");

  private ShopOrders() {}

  /** Version 1: ID NUMBER(10) primary key, STATUS VARCHAR2(10). */
  public static TableLayout layout() {
    return columns().primaryKey("ID").build();
  }

  /** Version 1 with a third column, AMOUNT NUMBER(10,2), for tests of decimal values. */
  public static TableLayout withAmount() {
    return columns().column("AMOUNT", OracleType.number(10, 2), true).primaryKey("ID").build();
  }

  private static TableLayout.Builder columns() {
    return TableLayout.builder(TABLE, 1)
        .column("ID", OracleType.number(10, 0), false)
        .column("STATUS", OracleType.sized(OracleType.Kind.VARCHAR2, 10), true);
  }
}
