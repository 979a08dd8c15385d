package dev.deliverykit.invariant;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Objects;

/** A source with a name chosen by its user; renaming wraps the original connections again. */
record NamedJdbcSource(String name, JdbcSource delegate) implements JdbcSource {

    NamedJdbcSource {
        Objects.requireNonNull(delegate, "delegate");
    }

    @Override
    public Connection open() throws SQLException {
        return delegate.open();
    }

    @Override
    public JdbcSource named(String newName) {
        return new NamedJdbcSource(requireName(newName), delegate);
    }

    static String requireName(String name) {
        Objects.requireNonNull(name, "name of a JDBC source");
        if (name.isBlank()) {
            throw new IllegalArgumentException(InvariantErrorMessages.blankSourceName());
        }
        return name;
    }
}
