package dev.deliverykit.spring;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.boundary.KitModules;
import dev.deliverykit.junit5.contract.Answer;
import dev.deliverykit.junit5.contract.Databases;
import dev.deliverykit.junit5.contract.IdempotentReceiverAdapter;
import dev.deliverykit.junit5.contract.Query;
import dev.deliverykit.junit5.contract.Request;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * A Spring Modulith listener ({@code @ApplicationModuleListener}) as an idempotent receiver
 * ({@code IdempotentReceiverContract}): a request is an event published in a transaction of the application's, which
 * Modulith stores as a publication and delivers to the listener after the commit; the redelivery of a publication is
 * Modulith's resubmission of the incomplete ones, which every fresh process of the contract does as it starts. You
 * say what only you know: the application, the event a request stands for, and where the listener's effects are.
 *
 * <pre>{@code
 * @NotPromised(value = {IdempotentReceiverContract.OTHER_PARAMETERS_CONFLICT,
 *         IdempotentReceiverContract.CONCURRENT_WORKERS, IdempotentReceiverContract.TENANT_IN_KEY},
 *         because = "a listener answers nothing; one tenant")
 * class ShippingReceiverContractTest implements IdempotentReceiverContract {
 *     public IdempotentReceiverAdapter adapter() {
 *         return ModulithReceiverAdapter.of(ShopApplication.class)
 *                 .event(request -> new OrderPlaced(request.key(), 1250))
 *                 .effects("SELECT 'tenantA', order_id FROM shipment");
 *     }
 *
 *     public DatabaseFactory databases() {   // Modulith's JDBC registry does not run on SQLite: an H2 file per run
 *         return (name, site) -> "jdbc:h2:file:" + site.directory().resolve(name)
 *                 + ";WRITE_DELAY=0;AUTO_SERVER=TRUE";                      // a child JVM may open it too
 *     }
 * }
 * }</pre>
 *
 * <p>The database is any that Modulith's JDBC registry runs on: an H2 file per run, as above, or a PostgreSQL schema
 * per run (the URL's {@code ?currentSchema=}, as {@code DatabaseFactory}'s Javadoc shows).
 *
 * <p><b>The answer is read from the effects.</b> A listener returns nothing. The adapter answers
 * {@link Answer#EXECUTED} when the effects of the request's tenant and key grew while its event was delivered, and
 * {@link Answer#REPLAYED} when they did not; it never answers {@link Answer#CONFLICT}. So: a listener cannot keep
 * {@code receiver.other-parameters-conflict} (it would fail it: declare it {@code @NotPromised}, unless your listener
 * is wrong to accept other parameters); and in {@code receiver.concurrent-workers-one-key} several deliveries that
 * watched the one effect appear each answer {@code EXECUTED}, so the check's count of executed workers says nothing
 * of a listener: declare it {@code @NotPromised} too (its count of effects is then not checked either). The other
 * checks hold for an idempotent listener and catch a naive one: the crash sweep and the real process exit (a
 * resubmitted publication, then the sender's retry: a second event of the same key), and a duplicate.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ModulithReceiverAdapter implements IdempotentReceiverAdapter {

    static {
        KitModules.register(ModulithReceiverAdapter.class); // before a workload runs, so that its frames are the kit's
    }

    /** The name of the run's database in {@link Databases} and in the queries. */
    public static final String DATABASE = ModulithApplication.DATABASE;

    private final ModulithApplication application;
    private final Function<Request, Object> event;
    private final String effects;

    private ModulithReceiverAdapter(ModulithApplication application, Function<Request, Object> event, String effects) {
        this.application = application;
        this.event = event;
        this.effects = effects;
    }

    /** The application of these classes; then give {@link #event} and {@link #effects}. */
    public static ModulithReceiverAdapter of(Class<?>... sources) {
        return new ModulithReceiverAdapter(ModulithApplication.of(sources), null, null);
    }

    /** The event a request stands for, such as {@code new OrderPlaced(request.key(), 1250)}. */
    public ModulithReceiverAdapter event(Function<Request, Object> event) {
        return new ModulithReceiverAdapter(application, Objects.requireNonNull(event, "event"), effects);
    }

    /** The listener's effects: one row per effect, the tenant and the key ({@code SELECT 'tenantA', order_id ...}). */
    public ModulithReceiverAdapter effects(String sql) {
        return new ModulithReceiverAdapter(application, event, sql);
    }

    /** A property that wins over the application's own. */
    public ModulithReceiverAdapter withProperty(String name, String value) {
        return new ModulithReceiverAdapter(application.withProperty(name, value), event, effects);
    }

    /** The property that takes the database's JDBC URL ({@code spring.datasource.url} unless set). */
    public ModulithReceiverAdapter withUrlProperty(String name) {
        return new ModulithReceiverAdapter(application.withUrlProperty(name), event, effects);
    }

    /** How long each wait for the application to settle may take (30 s unless set). */
    public ModulithReceiverAdapter awaitingAtMost(Duration limit) {
        return new ModulithReceiverAdapter(application.awaitingAtMost(limit), event, effects);
    }

    @Override
    public List<String> databases() {
        return List.of(DATABASE);
    }

    @Override
    public Receiver start(Databases databases) {
        Function<Request, Object> events = given(event, "event");
        String effectsSql = given(effects, "effects");
        ContractApplication process = application.start(databases); // resubmits: a publication redelivered
        return new Receiver() {
            @Override
            public Answer handle(Request request) {
                long before = effectsOf(request);
                process.publishInATransaction(events.apply(request));
                process.settle(); // the listener's delivery after the commit
                return effectsOf(request) > before ? Answer.EXECUTED : Answer.REPLAYED;
            }

            private long effectsOf(Request request) {
                return process.rows(effectsSql).stream()
                        .filter(row -> row.size() >= 2
                                && request.tenant().equals(row.get(0))
                                && request.key().equals(row.get(1)))
                        .count();
            }

            @Override
            public void close() {
                process.close();
            }
        };
    }

    @Override
    public Query effects() {
        return Query.on(DATABASE, given(effects, "effects"));
    }

    private static <T> T given(T value, String what) {
        if (value == null) {
            throw new IllegalStateException(AdapterMessages.adapterNeeds("ModulithReceiverAdapter", what));
        }
        return value;
    }

    @Override
    public String toString() {
        return "ModulithReceiverAdapter" + application.sources();
    }
}
