package dev.deliverykit.junit5.contract;

import dev.deliverykit.internal.text.Message;
import java.util.Collection;

/** The messages of an adapter or a contract's database that a check cannot use. */
final class ContractMessages {

    private ContractMessages() {}

    /** {@code contract.adapter()} returned null. */
    static Message noAdapter(String contract, String checkId) {
        return Message.of(
                contract + ".adapter() returned null in check " + checkId
                        + "; expected the adapter of the code under test",
                null,
                "return a new adapter");
    }

    /** {@code adapter.start(...)} returned null. */
    static Message noProcess(String adapter, String checkId) {
        return Message.of(
                adapter + ".start(...) returned null in check " + checkId
                        + "; expected a new process of the code under test",
                null,
                "return it");
    }

    /** {@code adapter.databases()} declares none. */
    static Message noDatabases(String adapter, String checkId) {
        return Message.of(
                adapter + ".databases() declares no database (check " + checkId + "); expected the names of the"
                        + " databases the code under test uses, such as List.of(\"orders\")",
                null,
                "return them");
    }

    /** {@code adapter.databases()} declares a name the kit cannot use. */
    static Message badDatabaseName(String adapter, String name, String checkId) {
        return Message.of(
                adapter + ".databases() declares the name \"" + name + "\" (check " + checkId
                        + "); expected 1 to 32 letters, digits, - or _",
                null,
                "rename it");
    }

    /** {@code adapter.databases()} declares a name twice. */
    static Message databaseTwice(String adapter, Collection<String> names, String checkId) {
        return Message.of(
                adapter + ".databases() declares " + names + " (check " + checkId + "), a name twice",
                null,
                "declare each database once");
    }

    /** A query of the adapter reads a database that {@code databases()} does not declare. */
    static Message queryOfUndeclaredDatabase(String query, String database, Collection<String> declared) {
        return Message.of(
                query + " reads the database \"" + database + "\", but databases() declares " + declared,
                null,
                "name one of those in Query.on(...), or add it to databases()");
    }

    /** The adapter asked for a database it does not declare. */
    static Message undeclaredDatabase(String name, Collection<String> declared) {
        return Message.of(
                "The adapter asked for the database \"" + name + "\", but it declares " + declared + " in databases()",
                null,
                "add \"" + name + "\" to databases(), or use one of those");
    }

    /** The adapter asked for the path of a database that is no SQLite file. */
    static Message notASqliteFile(String name, String url) {
        return Message.of(
                "The database \"" + name + "\" is " + url + ", not a SQLite file, so it has no path",
                null,
                "open it by url(\"" + name + "\"), or use DatabaseFactory.sqliteFiles()");
    }

    /** A query the check reads failed on its database. */
    static Message unreadable(String origin, String database, String sql, Exception failure) {
        return Message.of(
                "The kit could not read " + origin + " on " + database + ": " + sql + " failed with " + failure,
                null,
                "the query must run as written on that database");
    }

    /** The ordered inbox's adapter gives no query of blocked events. */
    static Message noBlockedQuery(String adapter, String guarantee) {
        return Message.of(
                adapter + ".blocked() is empty, so " + guarantee + " cannot see whether the inbox blocks an event",
                null,
                "return the query of the blocked events, or declare the guarantee @NotPromised if the inbox has one"
                        + " message version");
    }

    /** The kit's contract {@code contract} has no check {@code id}. */
    static String noCheck(String contract, String id) {
        return "the kit's contract " + contract + " has no check " + id;
    }

    /** An epoch request numbered {@code epoch}, below 1, for {@code operation}. */
    static String epochBelowOne(long epoch, String operation) {
        return "epochs count from 1, got " + epoch + " for " + operation;
    }

    /** The inbox event {@code eventId} with a {@code seq} or {@code version} below 1. */
    static String eventBelowOne(long seq, long version, String eventId) {
        return "an inbox event has seq >= 1 and version >= 1, got seq " + seq + " and version " + version + " for "
                + eventId;
    }

    /** A contract query with a blank database name or blank SQL. */
    static String blankQuery(String database, String sql) {
        return "a contract query needs a database name and its SQL, got database \"" + database + "\" and SQL \"" + sql
                + "\"";
    }
}
