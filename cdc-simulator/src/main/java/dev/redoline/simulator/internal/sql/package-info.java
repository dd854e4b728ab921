/**
 * The simulator's SQL room: the embedded SQL engine (H2) that evaluates every SELECT a client sends
 * ({@code SqlEngine}), the views it reads as table functions over the Oracle model ({@code View},
 * {@code LogViews}, {@code DictionaryViews}, {@code SessionViews}, {@code ContentsView}), the
 * statements it does not evaluate ({@code AlterSession}, {@code PlsqlCall}), and the text Oracle
 * writes: SQL_REDO and literals ({@code SqlRedoRenderer}, {@code LiteralRenderer}, {@code
 * RawValueEncoder}) under a session's NLS settings ({@code SessionNls}).
 */
package dev.redoline.simulator.internal.sql;
