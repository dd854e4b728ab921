/**
 * Proves a consumer's copy equals the source: {@link dev.redoline.verify.Verifier} compares each
 * table's content at an SCN in Oracle with what a {@link dev.redoline.verify.VerifyTarget} holds (a
 * JDBC table written like the examples' JDBC sink, Kafka topics, or a user's own store), with a
 * checksum per key-range chunk computed inside the database, so that equal chunks send only their
 * checksums; and re-delivers the keys that differ through the capture's ad-hoc snapshots, never
 * writing to the source. See docs/verify.md.
 */
package dev.redoline.verify;
