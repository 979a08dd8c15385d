package dev.deliverykit.reference.scenarios;

import dev.deliverykit.boundary.ProcessWorkload;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.retention.RetentionStore;
import java.nio.file.Path;
import java.util.List;

/** A retention process: {@code <db>} seals namespace {@code demo} through epoch 1 and collects its receipts. */
public final class CloseAndCollectThroughEpoch1 implements ProcessWorkload {

    @Override
    public void run(List<String> arguments) {
        try (RetentionStore store = new RetentionStore(SqliteDatabase.at(Path.of(arguments.get(0))))) {
            store.closeAndCollect("demo", 1);
        }
    }
}
