/**
 * The Redoline vocabulary: the values every other module speaks in, and the public API of a
 * capture.
 *
 * <p>Positions in the redo ({@link dev.redoline.core.Scn}, {@link dev.redoline.core.RedoAddress},
 * {@link dev.redoline.core.Xid}, {@link dev.redoline.core.Position}), tables and their layouts
 * ({@link dev.redoline.core.TableId}, {@link dev.redoline.core.TableLayout}), decoded data ({@link
 * dev.redoline.core.Change}, {@link dev.redoline.core.Row}, and a LOB value too large for the heap,
 * {@link dev.redoline.core.StreamedLob}), configuration ({@link dev.redoline.core.CdcConfig}) and
 * errors ({@link dev.redoline.core.CdcException}, {@link dev.redoline.core.ErrorCode}). This
 * package is the one the module exports to every reader; what only the library's own modules share
 * is in {@code dev.redoline.core.internal}.
 *
 * <p>Every value here is immutable and safe to share between threads. Nothing here performs I/O of
 * its own: a {@link dev.redoline.core.StreamedLob} reads its content through the {@link
 * dev.redoline.core.StreamedLob.Source} it was made over, when a caller opens a stream. Methods
 * reject {@code null} arguments with a {@link java.lang.NullPointerException} naming the argument
 * ({@code "scn == null"}) unless the parameter is documented as nullable; malformed text is
 * rejected with an {@link java.lang.IllegalArgumentException} whose message quotes the input.
 */
package dev.redoline.core;
