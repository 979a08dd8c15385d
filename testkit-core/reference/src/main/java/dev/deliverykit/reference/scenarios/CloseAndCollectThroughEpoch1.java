package dev.deliverykit.reference.scenarios;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.boundary.ProcessWorkload;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.retention.RetentionStore;
import java.nio.file.Path;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A retention process: {@code <db>} seals namespace {@code demo} through epoch 1 and collects its receipts.
 *
 * <p>Public only so that a child JVM can create it ({@link dev.deliverykit.boundary.ChildLaunch}): the scenario
 * report's crash tables run it there, its tests run it in both modes. Not an API.
 */
@API(status = INTERNAL, since = "0.1")
public final class CloseAndCollectThroughEpoch1 implements ProcessWorkload {

    @Override
    public void run(List<String> arguments) {
        try (RetentionStore store = new RetentionStore(SqliteDatabase.at(Path.of(arguments.get(0))))) {
            store.closeAndCollect("demo", 1);
        }
    }
}
