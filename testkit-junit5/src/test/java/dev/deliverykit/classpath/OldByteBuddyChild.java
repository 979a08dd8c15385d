package dev.deliverykit.classpath;

import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.boundary.Selector;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The main class of {@link OldByteBuddyOnTheClassPathTest}'s child JVMs, whose class path is an old byte-buddy,
 * then the kit's jar, sqlite-jdbc and this class: it prints where {@code net.bytebuddy.ByteBuddy} comes from
 * and how the engine got its agent, then crashes a two-transaction workload on the SQLite file {@code args[0]}
 * after its second insert, and prints the result. The parent reads the file back.
 */
public final class OldByteBuddyChild {

    private OldByteBuddyChild() {}

    public static void main(String[] args) throws Exception {
        String url = "jdbc:sqlite:" + Path.of(args[0]);
        try (Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement()) {
            statement.executeUpdate("CREATE TABLE deliveries (id TEXT PRIMARY KEY)");
        }
        System.out.println("net.bytebuddy.ByteBuddy from "
                + Path.of(Class.forName("net.bytebuddy.ByteBuddy")
                                .getProtectionDomain()
                                .getCodeSource()
                                .getLocation()
                                .toURI())
                        .getFileName());
        System.out.println("agent " + BoundaryEngine.get().installation().source());

        CrashResult result = BoundaryEngine.get()
                .crashInProcess(
                        CrashPlan.at(Selector.afterStatement("^INSERT INTO deliveries"))
                                .occurrence(2),
                        () -> {
                            Connection connection = DriverManager.getConnection(url);
                            connection.setAutoCommit(false);
                            insert(connection, "d1");
                            connection.commit();
                            insert(connection, "d2"); // the crash: its transaction never commits
                            connection.commit();
                        });

        System.out.println("crashed " + result.mode() + " " + result.replayKey());
        System.out.println("hits " + result.hitCounts());
    }

    private static void insert(Connection connection, String id) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.executeUpdate("INSERT INTO deliveries (id) VALUES ('" + id + "')");
        }
    }
}
