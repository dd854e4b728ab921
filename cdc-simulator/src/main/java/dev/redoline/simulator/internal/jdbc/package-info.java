/**
 * The simulator's JDBC room: the client side a driver user holds ({@code ClientConnection}, {@code
 * ClientStatement}, {@code ClientResultSet}), the {@code Backend} it talks to (in this JVM, or over
 * a socket with {@code Wire} to a {@code SimulatorServer}), and the database side of a connection:
 * a {@code Session} per connection, {@code Statements} that routes each statement, and the {@code
 * ServerCursor} rows return through. {@code SimulatorUrl} parses the URLs and {@code
 * SimulatedDatabases} resolves them to a database.
 */
package dev.redoline.simulator.internal.jdbc;
