/**
 * The {@code redoline} command-line tool for operators and DBAs: {@code check} runs the preflight
 * against a database and prints each finding with the SQL or setting that fixes it; {@code position
 * show} and {@code position set} decode a stored position and move it back to an SCN. {@link
 * dev.redoline.tools.Redoline#run} is the whole API: arguments in, an exit code out.
 */
package dev.redoline.tools;
