package dev.deliverykit.reference.retention;

import dev.deliverykit.process.Handshake;
import dev.deliverykit.reference.SqliteDatabase;
import java.nio.file.Path;

/**
 * Test child: a request that was sent long ago and arrives late. It opens its store, says READY, waits
 * for GO (the parent cleans up in between), then executes once and prints {@code OUTCOME <outcome>} and
 * the effect id if there is one.
 *
 * <p>Arguments: database file, namespace, epoch, op, params.
 */
public final class LateRequestChild {

    private LateRequestChild() {}

    public static void main(String[] args) {
        try (RetentionStore store = new RetentionStore(SqliteDatabase.at(Path.of(args[0])))) {
            Handshake.readyThenAwaitGo();
            ExecuteResult result = store.execute(args[1], Long.parseLong(args[2]), args[3], args[4]);
            System.out.println(describe(result));
        }
    }

    private static String describe(ExecuteResult result) {
        return "OUTCOME " + result.outcome()
                + (result.effectId().isPresent()
                        ? " effect " + result.effectId().getAsLong()
                        : "");
    }
}
