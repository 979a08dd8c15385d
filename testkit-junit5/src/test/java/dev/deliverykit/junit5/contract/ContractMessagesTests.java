package dev.deliverykit.junit5.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContractMessagesTests {

    @Test
    void noAdapter() {
        assertThat(ContractMessages.noAdapter("com.acme.InboxContract", "inbox.a")
                        .sentences())
                .isEqualTo("com.acme.InboxContract.adapter() returned null in check inbox.a; expected the adapter of"
                        + " the code under test. Fix: return a new adapter.");
    }

    @Test
    void noProcess() {
        assertThat(ContractMessages.noProcess("com.acme.Adapter", "inbox.a").sentences())
                .isEqualTo("com.acme.Adapter.start(...) returned null in check inbox.a; expected a new process of the"
                        + " code under test. Fix: return it.");
    }

    @Test
    void noDatabases() {
        assertThat(ContractMessages.noDatabases("com.acme.Adapter", "inbox.a").sentences())
                .isEqualTo("com.acme.Adapter.databases() declares no database (check inbox.a); expected the names of"
                        + " the databases the code under test uses, such as List.of(\"orders\"). Fix: return them.");
    }

    @Test
    void badDatabaseName() {
        assertThat(ContractMessages.badDatabaseName("com.acme.Adapter", "or ders", "inbox.a")
                        .sentences())
                .isEqualTo("com.acme.Adapter.databases() declares the name \"or ders\" (check inbox.a); expected 1 to"
                        + " 32 letters, digits, - or _. Fix: rename it.");
    }

    @Test
    void databaseTwice() {
        assertThat(ContractMessages.databaseTwice("com.acme.Adapter", List.of("a", "a"), "inbox.a")
                        .sentences())
                .isEqualTo("com.acme.Adapter.databases() declares [a, a] (check inbox.a), a name twice. Fix: declare"
                        + " each database once.");
    }

    @Test
    void queryOfUndeclaredDatabase() {
        assertThat(ContractMessages.queryOfUndeclaredDatabase("com.acme.Adapter.effects()", "shop", List.of("orders"))
                        .sentences())
                .isEqualTo("com.acme.Adapter.effects() reads the database \"shop\", but databases() declares"
                        + " [orders]. Fix: name one of those in Query.on(...), or add it to databases().");
    }

    @Test
    void undeclaredDatabase() {
        assertThat(ContractMessages.undeclaredDatabase("shop", List.of("orders"))
                        .sentences())
                .isEqualTo("The adapter asked for the database \"shop\", but it declares [orders] in databases()."
                        + " Fix: add \"shop\" to databases(), or use one of those.");
    }

    @Test
    void notASqliteFile() {
        assertThat(ContractMessages.notASqliteFile("shop", "jdbc:h2:mem:shop").sentences())
                .isEqualTo("The database \"shop\" is jdbc:h2:mem:shop, not a SQLite file, so it has no path. Fix: open"
                        + " it by url(\"shop\"), or use DatabaseFactory.sqliteFiles().");
    }

    @Test
    void unreadable() {
        assertThat(ContractMessages.unreadable("the effects", "shop", "SELECT x FROM y", new SQLException("no y"))
                        .sentences())
                .isEqualTo("The kit could not read the effects on shop: SELECT x FROM y failed with"
                        + " java.sql.SQLException: no y. Fix: the query must run as written on that database.");
    }

    @Test
    void noBlockedQuery() {
        assertThat(ContractMessages.noBlockedQuery("com.acme.Adapter", "inbox.unsupported-version-blocks")
                        .sentences())
                .isEqualTo("com.acme.Adapter.blocked() is empty, so inbox.unsupported-version-blocks cannot see"
                        + " whether the inbox blocks an event. Fix: return the query of the blocked events, or declare"
                        + " the guarantee @NotPromised if the inbox has one message version.");
    }

    @Test
    void noCheck() {
        assertThat(ContractMessages.noCheck("dev.deliverykit.junit5.contract.OutboxContract", "X9"))
                .isEqualTo("the kit's contract dev.deliverykit.junit5.contract.OutboxContract has no check X9");
    }

    @Test
    void epochBelowOne() {
        assertThat(ContractMessages.epochBelowOne(0, "reserve")).isEqualTo("epochs count from 1, got 0 for reserve");
    }

    @Test
    void eventBelowOne() {
        assertThat(ContractMessages.eventBelowOne(0, 1, "e-1"))
                .isEqualTo("an inbox event has seq >= 1 and version >= 1, got seq 0 and version 1 for e-1");
    }

    @Test
    void blankQuery() {
        assertThat(ContractMessages.blankQuery("", "SELECT 1"))
                .isEqualTo("a contract query needs a database name and its SQL, got database \"\" and SQL \"SELECT"
                        + " 1\"");
    }
}
