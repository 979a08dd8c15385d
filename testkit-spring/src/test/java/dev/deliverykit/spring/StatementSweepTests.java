package dev.deliverykit.spring;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kit's wait is no part of what a case crashes: a sweep over every statement of a Spring case (whose wait reads
 * Spring Modulith's registry on the workload's thread) records the application's statements only.
 */
class StatementSweepTests {

    @TempDir
    Path reports;

    @Test
    void aStatementSweepNeverCrashesAtTheKitsOwnReadOfTheRegistry() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(StatementSweepTestCases.class);

        // the context's start (schema), the order and its publication, then on the executor's thread the
        // listener's statements between Modulith's marks; the wait's reads of EVENT_PUBLICATION, after them, none
        String start = " in ShopSweep.placeCrashAndRecover (via SpringApplication.run)";
        String order = " in OrderService.placeOrder (via JdbcTemplate.update)";
        String stored = " in OrderService.placeOrder (via AbstractApplicationContext.publishEvent)";
        String mark = " in IdempotentShipping.on (via CglibAopProxy$DynamicAdvisedInterceptor.intercept)";
        String listener = " in IdempotentShipping.on (via JdbcTemplate.update)";
        List<String> statements = List.of(
                "\"CREATE TABLE IF NOT EXISTS orders (order_id VARC…\" #1" + start,
                "\"CREATE TABLE IF NOT EXISTS processed_order (orde…\" #1" + start,
                "\"CREATE TABLE IF NOT EXISTS shipment (id BIGINT G…\" #1" + start,
                "\"CREATE TABLE IF NOT EXISTS EVENT_PUBLICATION ( I…\" #1" + start,
                "\"CREATE INDEX IF NOT EXISTS EVENT_PUBLICATION_BY_…\" #1" + start,
                "\"CREATE INDEX IF NOT EXISTS EVENT_PUBLICATION_BY_…\" #1" + start,
                "\"INSERT INTO orders (order_id, amount_cents) VALU…\" #1" + order,
                "\"INSERT INTO EVENT_PUBLICATION (ID, EVENT_TYPE, L…\" #1" + stored,
                "\"UPDATE EVENT_PUBLICATION SET STATUS = 'PROCESSIN…\" #1" + mark,
                "\"INSERT INTO processed_order (order_id) SELECT ? …\" #1" + listener,
                "\"INSERT INTO shipment (order_id, amount_cents) VA…\" #1" + listener,
                "\"UPDATE EVENT_PUBLICATION SET STATUS = 'COMPLETED…\" #1" + mark);
        List<String> expected = new ArrayList<>(List.of("[1] record boundaries (crash-free run)"));
        for (String statement : statements) {
            expected.add("[" + (expected.size() + 1) + "] crash before statement " + statement);
            expected.add("[" + (expected.size() + 1) + "] crash after statement " + statement);
        }
        assertThat(results.startedCases()).containsExactlyElementsOf(expected);
        assertThat(results).hasNumberOfSucceededCases(25);
        assertThat(Settling.IN_FLIGHT).startsWith("SELECT * FROM EVENT_PUBLICATION WHERE COMPLETION");
        assertThat(results.startedCases()).noneMatch(name -> name.contains("SELECT * FROM EVENT_PUBLICATION"));
    }
}
