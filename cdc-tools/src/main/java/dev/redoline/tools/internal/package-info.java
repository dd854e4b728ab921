/**
 * The commands of the {@code redoline} tool, their argument parsing and their exit codes. Each
 * command prints to the streams it is given, never a secret: passwords are read from an environment
 * variable or a file, and URLs are printed with any password in them masked.
 */
package dev.redoline.tools.internal;
