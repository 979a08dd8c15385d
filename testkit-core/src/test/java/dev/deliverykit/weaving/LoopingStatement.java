package dev.deliverykit.weaving;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** A statement whose woven methods branch, loop, catch, keep wide locals, reassign a parameter and throw. */
public class LoopingStatement extends StatementStub {

    private final List<String> batch = new ArrayList<>();

    /** Counts the digits of {@code sql}; true if they add up to more than 3 and some character was not one. */
    @Override
    public boolean execute(String sql) throws SQLException {
        long total = 0;
        double ratio = 1.5;
        for (int i = 0; i < sql.length(); i++) {
            try {
                total += Long.parseLong(String.valueOf(sql.charAt(i)));
            } catch (NumberFormatException notADigit) {
                ratio *= 2;
            }
        }
        sql = "reassigned"; // the woven exit still sees the argument
        return total > 3 && ratio > 2 && !sql.isEmpty();
    }

    /** 0, the length, or -1 by the length modulo 3; longer than 100 characters throws. */
    @Override
    public int executeUpdate(String sql) throws SQLException {
        switch (sql.length() % 3) {
            case 0:
                return 0;
            case 1:
                long wide = sql.length() * 1000L;
                return (int) (wide / 1000);
            default:
                double half = sql.length() / 2.0;
                if (half > 50) {
                    throw new SQLException("too long");
                }
                return -1;
        }
    }

    /** Always throws. */
    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        throw new SQLException(new StringBuilder("no results for ").append(sql).toString());
    }

    @Override
    public void addBatch(String sql) {
        batch.add(sql);
    }

    @Override
    public void clearBatch() {
        batch.clear();
    }

    /** One count per batched statement, each its length. */
    @Override
    public int[] executeBatch() {
        int[] counts = new int[batch.size()];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = batch.get(i).length();
        }
        batch.clear();
        return counts;
    }

    @Override
    public Connection getConnection() {
        return null;
    }
}
