/**
 * The machinery behind {@code Verifier}: the checksum SQL Oracle runs ({@code SourceSql}), the same
 * digests computed in Java from a target's values ({@code Digests}), the key order Oracle sorts by
 * ({@code KeyOrder}), the column rules ({@code ColumnRules}, the one place that reads the decoder)
 * and the comparison of one table ({@code TableComparison}).
 */
package dev.redoline.verify.internal;
