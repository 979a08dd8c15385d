package dev.deliverykit.spring;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.boundary.KitModules;
import dev.deliverykit.junit5.contract.Databases;
import dev.deliverykit.junit5.contract.Intent;
import dev.deliverykit.junit5.contract.Query;
import dev.deliverykit.junit5.contract.TransactionalOutboxAdapter;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A Spring Modulith application as a transactional outbox ({@code TransactionalOutboxContract}): the outbox is
 * Modulith's event publication registry (the JDBC registry's {@code EVENT_PUBLICATION} table), the relay is Modulith
 * delivering a publication to its listener and completing it, and after a restart resubmitting the incomplete ones.
 * You say what only you know: the application, how a caller records an intent, and where the state and the
 * deliveries are.
 *
 * <pre>{@code
 * class ShopOutboxContractTest implements TransactionalOutboxContract {
 *     public TransactionalOutboxAdapter adapter() {
 *         return ModulithOutboxAdapter.of(ShopApplication.class)
 *                 .recording((app, intent) -> app.getBean(OrderService.class).placeOrder(intent.key(), 1250))
 *                 .intents("SELECT order_id FROM orders")
 *                 .eventKey("orderId")                       // the event's field that holds the intent's key
 *                 .delivered("SELECT order_id FROM shipment");
 *     }
 *
 *     public DatabaseFactory databases() {   // Modulith's JDBC registry does not run on SQLite: an H2 file per run
 *         return (name, site) -> "jdbc:h2:file:" + site.directory().resolve(name)
 *                 + ";WRITE_DELAY=0;AUTO_SERVER=TRUE";                      // a child JVM may open it too
 *     }
 * }
 * }</pre>
 *
 * <p>The database is any that Modulith's JDBC registry runs on (with {@link #eventKey}, H2 or PostgreSQL): an H2 file
 * per run, as above, or a PostgreSQL schema per run (the URL's {@code ?currentSchema=}, as {@code DatabaseFactory}'s
 * Javadoc shows).
 *
 * <p>Each process of the contract is a fresh application on the run's one database ({@value #DATABASE}), its URL
 * given as {@code spring.datasource.url} (or {@link #withUrlProperty}), winning over application.properties. It
 * starts by resubmitting Modulith's incomplete publications and waiting until the application has settled (its
 * {@code ThreadPoolTaskExecutor}s idle, no publication in flight). {@code record} runs your recording and waits
 * again, so the listener's delivery after the commit is part of it, as in production; {@code relayOnce} resubmits the
 * incomplete publications and waits.
 *
 * <p><b>What the contract cannot show here.</b> Modulith delivers in the process that records, right after the
 * commit: a relay run in a later process finds nothing pending unless the recording process died first. So
 * {@code outbox.no-lost-intent}, which sweeps a relay run after a crash-free recording, only crashes a resubmission
 * with nothing to resubmit: it holds for any application that delivers at all, and says nothing. The delivery's own
 * crashes are swept by {@code outbox.state-and-outbox-together} (its recording includes the delivery; it judges state
 * and publication only) and judged for loss by {@code outbox.real-process-exit}; whether a redelivered publication
 * makes one effect is the listener's, {@link ModulithReceiverAdapter}'s contract.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ModulithOutboxAdapter implements TransactionalOutboxAdapter {

    static {
        KitModules.register(ModulithOutboxAdapter.class); // before a workload runs, so that its frames are the kit's
    }

    /** The name of the run's database in {@link Databases} and in the queries. */
    public static final String DATABASE = ModulithApplication.DATABASE;

    /** How a caller records an intent on the running application: a transactional call that publishes an event. */
    @FunctionalInterface
    @API(status = EXPERIMENTAL, since = "0.1")
    public interface Recording {
        void record(ConfigurableApplicationContext application, Intent intent) throws Exception;
    }

    private final ModulithApplication application;
    private final Recording recording;
    private final String intents;
    private final String outboxRows;

    /** The event's field that {@link #outboxRows} reads, or null when the test gave its own query. */
    private final String eventKey;

    private final String delivered;

    private ModulithOutboxAdapter(
            ModulithApplication application,
            Recording recording,
            String intents,
            String outboxRows,
            String eventKey,
            String delivered) {
        this.application = application;
        this.recording = recording;
        this.intents = intents;
        this.outboxRows = outboxRows;
        this.eventKey = eventKey;
        this.delivered = delivered;
    }

    /** The application of these classes; then give {@link #recording}, {@link #intents} and {@link #delivered}. */
    public static ModulithOutboxAdapter of(Class<?>... sources) {
        return new ModulithOutboxAdapter(ModulithApplication.of(sources), null, null, null, null, null);
    }

    /** How a caller records an intent, such as {@code placeOrder(intent.key(), ...)}. */
    public ModulithOutboxAdapter recording(Recording recording) {
        return new ModulithOutboxAdapter(
                application, Objects.requireNonNull(recording, "recording"), intents, outboxRows, eventKey, delivered);
    }

    /** The business state: one row per intent recorded, one column, its key ({@code SELECT order_id FROM orders}). */
    public ModulithOutboxAdapter intents(String sql) {
        return new ModulithOutboxAdapter(application, recording, sql, outboxRows, eventKey, delivered);
    }

    /**
     * The outbox rows read from the registry: one per publication, the event's JSON field {@code field} (a string or a
     * number) as the key, with SQL that runs on H2 and PostgreSQL; on another database the check fails as the
     * application starts, saying so: give {@link #outboxRows(String)} there. With several listeners of the event, give
     * {@link #outboxRows(String)} with a {@code WHERE listener_id = ...}: each listener has its own.
     */
    public ModulithOutboxAdapter eventKey(String field) {
        if (!field.matches("[A-Za-z_$][A-Za-z0-9_$]*")) {
            throw new IllegalArgumentException(AdapterMessages.notAFieldName(field));
        }
        return new ModulithOutboxAdapter(application, recording, intents, EventKeySql.of(field), field, delivered);
    }

    /** The outbox rows: one row per publication in {@code EVENT_PUBLICATION}, one column, the intent's key. */
    public ModulithOutboxAdapter outboxRows(String sql) {
        return new ModulithOutboxAdapter(application, recording, intents, sql, null, delivered);
    }

    /** What the listener delivered: one row per delivery (a shipment), one column, the intent's key. */
    public ModulithOutboxAdapter delivered(String sql) {
        return new ModulithOutboxAdapter(application, recording, intents, outboxRows, eventKey, sql);
    }

    /** A property that wins over the application's own. */
    public ModulithOutboxAdapter withProperty(String name, String value) {
        return new ModulithOutboxAdapter(
                application.withProperty(name, value), recording, intents, outboxRows, eventKey, delivered);
    }

    /** The property that takes the database's JDBC URL ({@code spring.datasource.url} unless set). */
    public ModulithOutboxAdapter withUrlProperty(String name) {
        return new ModulithOutboxAdapter(
                application.withUrlProperty(name), recording, intents, outboxRows, eventKey, delivered);
    }

    /** How long each wait for the application to settle may take (30 s unless set). */
    public ModulithOutboxAdapter awaitingAtMost(Duration limit) {
        return new ModulithOutboxAdapter(
                application.awaitingAtMost(limit), recording, intents, outboxRows, eventKey, delivered);
    }

    @Override
    public List<String> databases() {
        return List.of(DATABASE);
    }

    @Override
    public Producer start(Databases databases) {
        Recording recorder = given(recording, "recording");
        ContractApplication process = application.start(databases);
        if (eventKey != null) { // fail here, saying why, not later on the check's read with an SQL error
            try {
                EventKeySql.requireRunsOn(eventKey, process.databaseProduct());
            } catch (RuntimeException e) {
                process.close();
                throw e;
            }
        }
        return new Producer() {
            @Override
            public void record(Intent intent) throws Exception {
                recorder.record(process.context(), intent);
                process.settle(); // the listener's delivery after the commit, as in production
            }

            @Override
            public void relayOnce() {
                process.resubmitAndSettle();
            }

            @Override
            public void close() {
                process.close();
            }
        };
    }

    @Override
    public Query intents() {
        return Query.on(DATABASE, given(intents, "intents"));
    }

    @Override
    public Query outboxRows() {
        return Query.on(DATABASE, given(outboxRows, "outboxRows (or eventKey)"));
    }

    @Override
    public Query delivered() {
        return Query.on(DATABASE, given(delivered, "delivered"));
    }

    private static <T> T given(T value, String what) {
        if (value == null) {
            throw new IllegalStateException(AdapterMessages.adapterNeeds("ModulithOutboxAdapter", what));
        }
        return value;
    }

    @Override
    public String toString() {
        return "ModulithOutboxAdapter" + application.sources();
    }
}
