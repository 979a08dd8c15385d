package dev.deliverykit.benchmarks.junit;

import dev.deliverykit.junit5.contract.Answer;
import dev.deliverykit.junit5.contract.Databases;
import dev.deliverykit.junit5.contract.IdempotentReceiverAdapter;
import dev.deliverykit.junit5.contract.IdempotentReceiverContract;
import dev.deliverykit.junit5.contract.Query;
import dev.deliverykit.junit5.contract.Request;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.outbox.IdempotencyKey;
import dev.deliverykit.reference.outbox.WarehouseWithAtomicReceipt;
import java.util.List;

/**
 * B10: the idempotent receiver's whole contract battery on the reference warehouse ({@link WarehouseWithAtomicReceipt}),
 * as a user's contract test class is written: its checks, every one of which must pass.
 */
public class ReceiverContractCase implements IdempotentReceiverContract {

    /**
     * The battery's JUnit tests besides its crash sweep's invocations: its other 6 checks, one test each (the real
     * process exit, the race of workers on one key, and the 4 checks that restart the receiver).
     */
    public static final int OTHER_TESTS = 6;

    /** The one test that runs in a child JVM: a real process exit after the first commit. */
    public static final String CHILD_CHECK = "aRealProcessExitAfterTheFirstCommitLeavesOneEffect";

    @Override
    public IdempotentReceiverAdapter adapter() {
        return new IdempotentReceiverAdapter() {
            @Override
            public List<String> databases() {
                return List.of("warehouse");
            }

            @Override
            public Receiver start(Databases databases) {
                var warehouse = new WarehouseWithAtomicReceipt(SqliteDatabase.at(databases.sqliteFile("warehouse")));
                return new Receiver() {
                    @Override
                    public Answer handle(Request request) {
                        var key = new IdempotencyKey(request.tenant(), request.key());
                        return switch (warehouse
                                .reserve(key, request.parameters())
                                .outcome()) {
                            case EXECUTED -> Answer.EXECUTED;
                            case REPLAYED -> Answer.REPLAYED;
                            case CONFLICT -> Answer.CONFLICT;
                        };
                    }

                    @Override
                    public void close() {
                        warehouse.close();
                    }
                };
            }

            @Override
            public Query effects() {
                return Query.on("warehouse", "SELECT tenant, intent_id FROM effect");
            }
        };
    }
}
