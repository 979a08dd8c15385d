package dev.deliverykit.reference.scenarios;

import dev.deliverykit.boundary.ProcessWorkload;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.retention.RetentionStore;
import java.nio.file.Path;
import java.util.List;

/** A retention process: {@code <db>} executes request {@code demo/1/work-1} once. */
public final class ExecuteWork1 implements ProcessWorkload {

    static final String PARAMS = "{\"ticket\":\"T-1\"}";

    @Override
    public void run(List<String> arguments) {
        try (RetentionStore store = new RetentionStore(SqliteDatabase.at(Path.of(arguments.get(0))))) {
            store.execute("demo", 1, "work-1", PARAMS);
        }
    }
}
