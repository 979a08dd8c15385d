package dev.deliverykit.weaving;

/**
 * Declares {@code execute(String)} without {@code SQLException}: not JDBC-shaped by its own methods, so the
 * weaver reads its super types to see whether it is a {@code Statement}.
 */
public class StatementNamedOnly extends UnreadableBase {

    public boolean execute(String sql) {
        return sql.isEmpty();
    }
}
