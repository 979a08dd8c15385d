package dev.deliverykit.weaving;

/** A {@link java.sql.Statement} whose every method throws; the weaver's fixtures override what they use. */
public abstract class StatementStub implements java.sql.Statement {

    public <T> T unwrap(java.lang.Class<T> a0) throws java.sql.SQLException {
        throw new UnsupportedOperationException("unwrap");
    }

    public boolean execute(java.lang.String a0) throws java.sql.SQLException {
        throw new UnsupportedOperationException("execute");
    }

    public boolean execute(java.lang.String a0, int a1) throws java.sql.SQLException {
        throw new UnsupportedOperationException("execute");
    }

    public boolean execute(java.lang.String a0, int[] a1) throws java.sql.SQLException {
        throw new UnsupportedOperationException("execute");
    }

    public boolean execute(java.lang.String a0, java.lang.String[] a1) throws java.sql.SQLException {
        throw new UnsupportedOperationException("execute");
    }

    public boolean getMoreResults() throws java.sql.SQLException {
        throw new UnsupportedOperationException("getMoreResults");
    }

    public boolean getMoreResults(int a0) throws java.sql.SQLException {
        throw new UnsupportedOperationException("getMoreResults");
    }

    public boolean isCloseOnCompletion() throws java.sql.SQLException {
        throw new UnsupportedOperationException("isCloseOnCompletion");
    }

    public boolean isClosed() throws java.sql.SQLException {
        throw new UnsupportedOperationException("isClosed");
    }

    public boolean isPoolable() throws java.sql.SQLException {
        throw new UnsupportedOperationException("isPoolable");
    }

    public boolean isWrapperFor(java.lang.Class<?> a0) throws java.sql.SQLException {
        throw new UnsupportedOperationException("isWrapperFor");
    }

    public int executeUpdate(java.lang.String a0) throws java.sql.SQLException {
        throw new UnsupportedOperationException("executeUpdate");
    }

    public int executeUpdate(java.lang.String a0, int a1) throws java.sql.SQLException {
        throw new UnsupportedOperationException("executeUpdate");
    }

    public int executeUpdate(java.lang.String a0, int[] a1) throws java.sql.SQLException {
        throw new UnsupportedOperationException("executeUpdate");
    }

    public int executeUpdate(java.lang.String a0, java.lang.String[] a1) throws java.sql.SQLException {
        throw new UnsupportedOperationException("executeUpdate");
    }

    public int getFetchDirection() throws java.sql.SQLException {
        throw new UnsupportedOperationException("getFetchDirection");
    }

    public int getFetchSize() throws java.sql.SQLException {
        throw new UnsupportedOperationException("getFetchSize");
    }

    public int getMaxFieldSize() throws java.sql.SQLException {
        throw new UnsupportedOperationException("getMaxFieldSize");
    }

    public int getMaxRows() throws java.sql.SQLException {
        throw new UnsupportedOperationException("getMaxRows");
    }

    public int getQueryTimeout() throws java.sql.SQLException {
        throw new UnsupportedOperationException("getQueryTimeout");
    }

    public int getResultSetConcurrency() throws java.sql.SQLException {
        throw new UnsupportedOperationException("getResultSetConcurrency");
    }

    public int getResultSetHoldability() throws java.sql.SQLException {
        throw new UnsupportedOperationException("getResultSetHoldability");
    }

    public int getResultSetType() throws java.sql.SQLException {
        throw new UnsupportedOperationException("getResultSetType");
    }

    public int getUpdateCount() throws java.sql.SQLException {
        throw new UnsupportedOperationException("getUpdateCount");
    }

    public int[] executeBatch() throws java.sql.SQLException {
        throw new UnsupportedOperationException("executeBatch");
    }

    public java.sql.Connection getConnection() throws java.sql.SQLException {
        throw new UnsupportedOperationException("getConnection");
    }

    public java.sql.ResultSet executeQuery(java.lang.String a0) throws java.sql.SQLException {
        throw new UnsupportedOperationException("executeQuery");
    }

    public java.sql.ResultSet getGeneratedKeys() throws java.sql.SQLException {
        throw new UnsupportedOperationException("getGeneratedKeys");
    }

    public java.sql.ResultSet getResultSet() throws java.sql.SQLException {
        throw new UnsupportedOperationException("getResultSet");
    }

    public java.sql.SQLWarning getWarnings() throws java.sql.SQLException {
        throw new UnsupportedOperationException("getWarnings");
    }

    public void addBatch(java.lang.String a0) throws java.sql.SQLException {
        throw new UnsupportedOperationException("addBatch");
    }

    public void cancel() throws java.sql.SQLException {
        throw new UnsupportedOperationException("cancel");
    }

    public void clearBatch() throws java.sql.SQLException {
        throw new UnsupportedOperationException("clearBatch");
    }

    public void clearWarnings() throws java.sql.SQLException {
        throw new UnsupportedOperationException("clearWarnings");
    }

    public void close() throws java.sql.SQLException {
        throw new UnsupportedOperationException("close");
    }

    public void closeOnCompletion() throws java.sql.SQLException {
        throw new UnsupportedOperationException("closeOnCompletion");
    }

    public void setCursorName(java.lang.String a0) throws java.sql.SQLException {
        throw new UnsupportedOperationException("setCursorName");
    }

    public void setEscapeProcessing(boolean a0) throws java.sql.SQLException {
        throw new UnsupportedOperationException("setEscapeProcessing");
    }

    public void setFetchDirection(int a0) throws java.sql.SQLException {
        throw new UnsupportedOperationException("setFetchDirection");
    }

    public void setFetchSize(int a0) throws java.sql.SQLException {
        throw new UnsupportedOperationException("setFetchSize");
    }

    public void setMaxFieldSize(int a0) throws java.sql.SQLException {
        throw new UnsupportedOperationException("setMaxFieldSize");
    }

    public void setMaxRows(int a0) throws java.sql.SQLException {
        throw new UnsupportedOperationException("setMaxRows");
    }

    public void setPoolable(boolean a0) throws java.sql.SQLException {
        throw new UnsupportedOperationException("setPoolable");
    }

    public void setQueryTimeout(int a0) throws java.sql.SQLException {
        throw new UnsupportedOperationException("setQueryTimeout");
    }
}
