/**
 * The machinery behind {@code Verifier}: the checksum SQL Oracle runs ({@code SourceSql}), the same
 * digests computed in Java from a target's values ({@code Digests}), the key order Oracle sorts by
 * ({@code KeyOrder}), the column rules ({@code ColumnRules}, the one place that reads the decoder)
 * the comparison of one table ({@code TableComparison}), and the Kafka target's reading of a topic
 * as its latest records ({@code LatestRecords}) with their values read back from the connector's
 * record format ({@code RecordValues}).
 */
package dev.redoline.verify.internal;
