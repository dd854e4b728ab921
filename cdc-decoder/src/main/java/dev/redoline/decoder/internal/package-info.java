/**
 * The decoder: turns one LogMiner row's {@code SQL_REDO} text and the table layout version it was
 * written under into a typed {@link dev.redoline.core.Change}, or a {@link
 * dev.redoline.core.DecodeException} (CDC-3xxx) saying which table, column and offset it could not
 * handle.
 *
 * <p>{@link dev.redoline.decoder.internal.RedoDecoder} is the entry point. The text is read by one
 * hand-written, single-pass scanner over the exact shapes LogMiner prints (no regular expressions,
 * no general SQL parser). Columns named by {@code cdc.columns.exclude} are recognised by name and
 * their literals skipped without conversion or copying, so their values never exist past the
 * scanner. Decoding is a pure function of the row and the layout, which is why large steps can be
 * decoded on several threads and returned in input order. Dictionary Mismatch rows, which LogMiner
 * writes by object number, column position and raw {@code HEXTORAW} bytes when its dictionary no
 * longer matches the redo, are mapped by position onto the same layout and their bytes converted
 * from Oracle's internal formats into the same Java values; so are {@code "COL n"} names in text
 * that names a known table. A single quote LogMiner did not double inside a literal is CDC-3005, or
 * part of the value with {@code cdc.decode.relaxed.quotes}. Oracle 23ai's BOOLEAN and VECTOR, whose
 * SQL_REDO forms are not documented, are read in every plausible form ({@code Oracle23aiValues}).
 * LOB rows (SEL_LOB_LOCATOR, LOB_WRITE, LOB_TRIM, LOB_ERASE, XML DOC BEGIN/WRITE/END) decode into
 * {@link dev.redoline.decoder.internal.LobPiece}s through {@code RedoDecoder.decodeLob}; assembling
 * them into column values is the capture engine's job, since it depends on the rows before them.
 *
 * <p>A user of the library never calls the decoder: the capture engine does. So the module has no
 * API package, and its descriptor exports this one to {@code dev.redoline.logminer} alone.
 */
package dev.redoline.decoder.internal;
