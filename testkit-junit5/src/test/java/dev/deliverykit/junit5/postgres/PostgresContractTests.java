package dev.deliverykit.junit5.postgres;

import static dev.deliverykit.junit5.internal.execution.InvariantFailures.checked;
import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.contract.DatabaseFactory;
import dev.deliverykit.junit5.contract.DeliveryContract;
import dev.deliverykit.junit5.contract.DeliveryPipelineAdapter;
import dev.deliverykit.junit5.contract.DeliveryPipelineContract;
import dev.deliverykit.junit5.contract.IdempotentReceiverAdapter;
import dev.deliverykit.junit5.contract.IdempotentReceiverContract;
import dev.deliverykit.junit5.contract.OrderedInboxAdapter;
import dev.deliverykit.junit5.contract.OrderedInboxContract;
import dev.deliverykit.junit5.contract.TransactionalOutboxAdapter;
import dev.deliverykit.junit5.contract.TransactionalOutboxContract;
import dev.deliverykit.junit5.postgres.contract.FlowInboxAdapter;
import dev.deliverykit.junit5.postgres.contract.FlowOutboxAdapter;
import dev.deliverykit.junit5.postgres.contract.PostgresSchemas;
import dev.deliverykit.junit5.postgres.contract.ReservationPipelineAdapter;
import dev.deliverykit.junit5.postgres.contract.WarehouseReceiverAdapter;
import dev.deliverykit.junit5.postgres.reservation.DedupWarehouse;
import dev.deliverykit.junit5.postgres.reservation.NaiveWarehouse;
import dev.deliverykit.junit5.realstack.RealStack;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The delivery contracts on the build's real PostgreSQL server: the plain-JDBC PostgreSQL services of these tests
 * (the warehouse, the ordered pipeline's producer and consumer, the reservation service) through one adapter per role,
 * their databases a schema per check run ({@link PostgresSchemas}); the warehouse without dedup breaks exactly the
 * guarantees the reference warehouse without dedup breaks on SQLite (docs/contracts.md), the others keep all of theirs.
 * One launcher run of every contract test class, so that their child JVMs are started ahead for each other.
 */
@RealStack
class PostgresContractTests {

    /** Keeps the server up across the fixture runs below. */
    @RegisterExtension
    static final PostgresDatabases server = PostgresDatabases.named();

    @TempDir
    static Path reports;

    static CrashTestResults results;

    /** The contract test classes' databases: a schema per database and run on the server. */
    interface OnPostgres extends DeliveryContract {
        @Override
        default DatabaseFactory databases() {
            return new PostgresSchemas();
        }
    }

    @CrashTestKitOnly
    static class DedupWarehouseReceiverTestCases implements IdempotentReceiverContract, OnPostgres {
        @Override
        public IdempotentReceiverAdapter adapter() {
            return new WarehouseReceiverAdapter(DedupWarehouse::new);
        }
    }

    @CrashTestKitOnly
    static class NaiveWarehouseReceiverTestCases implements IdempotentReceiverContract, OnPostgres {
        @Override
        public IdempotentReceiverAdapter adapter() {
            return new WarehouseReceiverAdapter(NaiveWarehouse::new);
        }
    }

    @CrashTestKitOnly
    static class FlowProducerOutboxTestCases implements TransactionalOutboxContract, OnPostgres {
        @Override
        public TransactionalOutboxAdapter adapter() {
            return new FlowOutboxAdapter();
        }
    }

    @CrashTestKitOnly
    static class FlowConsumerInboxTestCases implements OrderedInboxContract, OnPostgres {
        @Override
        public OrderedInboxAdapter adapter() {
            return new FlowInboxAdapter();
        }
    }

    @CrashTestKitOnly
    static class ReservationPipelineTestCases implements DeliveryPipelineContract, OnPostgres {
        @Override
        public DeliveryPipelineAdapter adapter() {
            return new ReservationPipelineAdapter(false);
        }
    }

    @BeforeAll
    static void runTheContractsOnTheServer() {
        System.setProperty(PostgresSchemas.SERVER_URL, PostgresServer.casesUrl()); // child JVMs inherit it
        try {
            results = CrashTestKit.reportingTo(reports)
                    .run(
                            DedupWarehouseReceiverTestCases.class,
                            NaiveWarehouseReceiverTestCases.class,
                            FlowProducerOutboxTestCases.class,
                            FlowConsumerInboxTestCases.class,
                            ReservationPipelineTestCases.class);
        } finally {
            System.clearProperty(PostgresSchemas.SERVER_URL);
        }
    }

    @Test
    void everyServiceKeepsEveryGuaranteeOfItsRoleOnPostgres() throws IOException {
        assertThat(results.testEvents().failed().stream()
                        .map(event -> event.getTestDescriptor().getUniqueId().toString())
                        .filter(id -> !id.contains(NaiveWarehouseReceiverTestCases.class.getName())))
                .as("failed cases of the services that keep their contracts")
                .isEmpty();
        assertThat(Files.readString(reports.resolve("report.md")))
                .contains("| DedupWarehouseReceiverTestCases | idempotent receiver | 7 | 7 | 0 | 0 | 0 |\n"
                        + "| NaiveWarehouseReceiverTestCases | idempotent receiver | 7 | 2 | 5 | 0 | 0 |\n"
                        + "| FlowProducerOutboxTestCases | transactional outbox | 6 | 6 | 0 | 0 | 0 |\n"
                        + "| FlowConsumerInboxTestCases | ordered inbox | 8 | 8 | 0 | 0 | 0 |\n"
                        + "| ReservationPipelineTestCases | delivery pipeline | 4 | 4 | 0 | 0 | 0 |\n");
    }

    @Test
    void theWarehouseWithoutDedupBreaksExactlyTheGuaranteesItsBugViolates() throws IOException {
        assertThat(results)
                .hasNumberOfFailedContainers(0)
                .hasNumberOfAbortedCases(0)
                .hasFailedCases(
                        "aDuplicateWithTheSameParametersMakesNoNewEffect(Path)",
                        "concurrentWorkersOnOneKeyMakeOneEffect(Path)",
                        "theSameKeyWithOtherParametersIsAConflict(Path)",
                        "[1] record boundaries (crash-free run)",
                        "[4] crash after commit #1 in NaiveWarehouse.book (via ServiceDb.inTransaction)",
                        "[1] crash after commit #1 (child JVM)");
        assertThat(results)
                .hasFailedCase("[4] crash after commit #1 in NaiveWarehouse.book (via ServiceDb.inTransaction)")
                .withMessage(checked(
                                1,
                                1,
                                "crash after commit #1 in NaiveWarehouse.book (via ServiceDb.inTransaction) and recovery:")
                        + "\n"
                        + "exactly once per request: violated (checked 1 intent key, 2 effect rows)\n"
                        + "  duplicate effect: 1 key\n"
                        + "    (tenantA, reserve-1): found 2 effects, expected exactly 1\n"
                        + "\n"
                        + "DeliveryKit case: crash after commit #1 in NaiveWarehouse.book (via ServiceDb.inTransaction)"
                        + " (in process)\n"
                        + "Replay only this case: -Ddeliverykit.replay='selector=after-commit;within="
                        + "dev.deliverykit.junit5.postgres.reservation.NaiveWarehouse#book;hit=1'");
        assertThat(Files.readString(reports.resolve("report.md")))
                .contains("- NaiveWarehouseReceiverTestCases, idempotent receiver: 2 of 7 guarantees hold; a duplicate"
                        + " with the same parameters: 3 effects for (tenantA, reserve-1), expected exactly 1; concurrent"
                        + " workers on one key: 5 effects for (tenantA, reserve-1), expected exactly 1; the same key"
                        + " with other parameters: 3 effects for (tenantA, reserve-1), expected exactly 1; a crash at"
                        + " every boundary of a request: 2 of 4 cases fail, first at record boundaries (crash-free run):"
                        + " duplicate effect (tenantA, reserve-1): found 2 effects, expected exactly 1; a real process"
                        + " exit after the first commit: at crash after commit #1 (child JVM): duplicate effect"
                        + " (tenantA, reserve-1): found 2 effects, expected exactly 1\n");
    }
}
