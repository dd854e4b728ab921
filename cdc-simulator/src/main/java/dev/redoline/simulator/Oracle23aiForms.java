package dev.redoline.simulator;

import java.util.Objects;

/**
 * How the simulator writes Oracle 23ai BOOLEAN and VECTOR values into SQL_REDO. No Oracle document
 * says which form LogMiner writes (docs/simulator.md, "Oracle 23ai types"), so a test picks one;
 * the defaults are the forms that are valid 23ai SQL on their own, as SQL_REDO with STATUS 0 is.
 *
 * <pre>{@code
 * oracle.oracle23aiForms(new Oracle23aiForms(BooleanForm.RAW, VectorForm.IMAGE));
 * }</pre>
 *
 * @param bool how a BOOLEAN value is written
 * @param vector how a VECTOR value is written
 */
public record Oracle23aiForms(BooleanForm bool, VectorForm vector) {

  /** {@code TRUE}/{@code FALSE}, and the VECTOR text. */
  public static final Oracle23aiForms DEFAULT =
      new Oracle23aiForms(BooleanForm.KEYWORD, VectorForm.TEXT);

  /** A BOOLEAN literal. */
  public enum BooleanForm {
    /** {@code TRUE}, {@code FALSE}: 23ai's SQL literals. */
    KEYWORD,
    /** {@code 1}, {@code 0}: what clients before 23ai display. */
    NUMBER,
    /** {@code '1'}, {@code '0'}: a string Oracle converts to BOOLEAN. */
    TEXT,
    /** {@code HEXTORAW('01')}, {@code HEXTORAW('00')}: the one stored byte. */
    RAW
  }

  /** A VECTOR literal. */
  public enum VectorForm {
    /** {@code '[1.5E+000,-2.0E+000]'}: the text {@code FROM_VECTOR} writes, as a string literal. */
    TEXT,
    /** {@code TO_VECTOR('[1.5E+000,-2.0E+000]')}. */
    TO_VECTOR,
    /** {@code HEXTORAW('db..')}: the storage image. */
    IMAGE
  }

  public Oracle23aiForms {
    Objects.requireNonNull(bool, "bool == null");
    Objects.requireNonNull(vector, "vector == null");
  }
}
