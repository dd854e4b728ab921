package dev.redoline.core;

import dev.redoline.core.internal.Checks;

/**
 * A redo row that cannot be decoded (CDC-3xxx), with where it failed.
 *
 * <p>The decoder knows the table, the column and the offset in the SQL text; the engine adds the
 * row's SCN, XID and address with {@link #withRow}. The {@linkplain #excerpt() excerpt} is bounded
 * and never contains the value of an excluded column.
 */
public final class DecodeException extends CdcException {

  private static final long serialVersionUID = 1L;

  /** The longest excerpt of SQL text an exception carries. */
  public static final int MAX_EXCERPT = 120;

  private final TableId table;
  private final String column;
  private final int offset;
  private final String excerpt;
  private final Scn scn;
  private final Xid xid;
  private final RedoAddress address;

  /**
   * Creates a decode error.
   *
   * @param errorCode a {@link ErrorClass#DATA} code
   * @param problem what is wrong, with the value at fault when it may be shown
   * @param table the table, or {@code null} when not known yet
   * @param column the column, or {@code null}
   * @param offset the offset in the SQL text, or -1
   * @param excerpt text around the offset, cut to {@link #MAX_EXCERPT} characters
   */
  public DecodeException(
      ErrorCode errorCode,
      String problem,
      TableId table,
      String column,
      int offset,
      String excerpt,
      Throwable cause) {
    this(errorCode, problem, table, column, offset, cut(excerpt), null, null, null, cause);
  }

  private DecodeException(
      ErrorCode errorCode,
      String problem,
      TableId table,
      String column,
      int offset,
      String excerpt,
      Scn scn,
      Xid xid,
      RedoAddress address,
      Throwable cause) {
    super(errorCode, detail(problem, table, column, offset, excerpt, scn, xid, address), cause);
    Checks.argument(
        errorCode.errorClass() == ErrorClass.DATA, "%s is not a data error", errorCode.code());
    this.table = table;
    this.column = column;
    this.offset = offset;
    this.excerpt = excerpt;
    this.scn = scn;
    this.xid = xid;
    this.address = address;
  }

  /** This error with the redo row's SCN, XID and address added. */
  public DecodeException withRow(Scn rowScn, Xid rowXid, RedoAddress rowAddress) {
    String problem = detail();
    int cut = problem.indexOf(" [");
    return new DecodeException(
        errorCode(),
        cut < 0 ? problem : problem.substring(0, cut),
        table,
        column,
        offset,
        excerpt,
        rowScn,
        rowXid,
        rowAddress,
        getCause());
  }

  private static String cut(String excerpt) {
    if (excerpt == null || excerpt.length() <= MAX_EXCERPT) {
      return excerpt;
    }
    return excerpt.substring(0, MAX_EXCERPT - 3) + "...";
  }

  private static String detail(
      String problem,
      TableId table,
      String column,
      int offset,
      String excerpt,
      Scn scn,
      Xid xid,
      RedoAddress address) {
    StringBuilder sb = new StringBuilder(Checks.notNull(problem, "problem")).append(" [");
    sb.append("table=").append(table == null ? "?" : table);
    if (column != null) {
      sb.append(", column=").append(column);
    }
    if (offset >= 0) {
      sb.append(", offset=").append(offset);
    }
    if (scn != null) {
      sb.append(", scn=")
          .append(scn)
          .append(", xid=")
          .append(xid)
          .append(", address=")
          .append(address);
    }
    if (excerpt != null) {
      sb.append(", near '").append(excerpt).append('\'');
    }
    return sb.append(']').toString();
  }

  /** The table, or {@code null} when the row could not be tied to one. */
  public TableId table() {
    return table;
  }

  /** The column at fault, or {@code null}. */
  public String column() {
    return column;
  }

  /** The offset in the SQL text where decoding failed, or -1. */
  public int offset() {
    return offset;
  }

  /** A bounded excerpt of the SQL text around {@link #offset()}, or {@code null}. */
  public String excerpt() {
    return excerpt;
  }

  /** The row's SCN, or {@code null} before {@link #withRow}. */
  public Scn scn() {
    return scn;
  }

  /** The row's transaction, or {@code null} before {@link #withRow}. */
  public Xid xid() {
    return xid;
  }

  /** The row's redo address, or {@code null} before {@link #withRow}. */
  public RedoAddress address() {
    return address;
  }
}
