package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * The boundaries of Spring's {@code @Transactional} methods and of Spring Modulith's event publication registry,
 * with their own names, for an application with Modulith on the class path. The kit knows them by class name, so
 * Spring is no dependency of the kit. The JUnit extension adds them to every test's catalogue, as it adds
 * {@link BrokerBoundaries}.
 *
 * <pre>{@code
 * CrashPlan.at(SpringBoundaries.onClassPath(), SpringBoundaries.PUBLICATION_COMPLETED)
 * // the JUnit extension names its case "crash after the Modulith registry marked the publication completed #1 in ..."
 * }</pre>
 *
 * <p>A {@code @Transactional} method's transaction commits in its proxy after the method returned, so the exit of
 * the method is before its commit: these boundaries are commits within the proxied method (a CGLIB proxy, Spring
 * Boot's default). The registry marks a publication processing, completed or failed each in a transaction of its
 * own; it stores a publication in the publisher's transaction, which commits later; a resubmission's mark is the
 * JDBC repository's.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SpringBoundaries {

    private static final String TRANSACTION_ASPECT =
            "org.springframework.transaction.interceptor.TransactionAspectSupport";
    private static final String REGISTRY = "org.springframework.modulith.events.core.DefaultEventPublicationRegistry";
    private static final String JDBC_REPOSITORY =
            "org.springframework.modulith.events.jdbc.JdbcEventPublicationRepositoryV2";

    /** A {@code @Transactional} method returned and its proxy committed its transaction. */
    public static final String TRANSACTIONAL_COMMIT = "after-transactional-commit";
    /** The registry stored a publication, in the publisher's transaction (not committed yet). */
    public static final String PUBLICATION_STORED = "after-modulith-publication-stored";
    /** The registry's "processing" mark, before the listener runs, committed. */
    public static final String PUBLICATION_PROCESSING = "after-modulith-publication-marked-processing";
    /** The registry's "completed" mark, after the listener's transaction, committed. */
    public static final String PUBLICATION_COMPLETED = "after-modulith-publication-marked-completed";
    /** The registry's "failed" mark, after the listener threw, committed. */
    public static final String PUBLICATION_FAILED = "after-modulith-publication-marked-failed";
    /** The JDBC repository marked an incomplete publication resubmitted. */
    public static final String PUBLICATION_RESUBMITTED = "after-modulith-publication-marked-resubmitted";

    /** One boundary: its name, its selector and how case names say it. */
    private record Row(String name, Selector selector, String words) {}

    private static final List<Row> ROWS = List.of(
            new Row(
                    TRANSACTIONAL_COMMIT,
                    Selector.afterCommit().within(TRANSACTION_ASPECT + "#commitTransactionAfterReturning"),
                    "after the commit of a @Transactional method"),
            new Row(
                    PUBLICATION_STORED,
                    Selector.methodExit(REGISTRY + "#store"),
                    "after the Modulith registry stored the publication"),
            new Row(
                    PUBLICATION_PROCESSING,
                    Selector.afterCommit().within(REGISTRY + "#markProcessing"),
                    "after the Modulith registry marked the publication processing"),
            new Row(
                    PUBLICATION_COMPLETED,
                    Selector.afterCommit().within(REGISTRY + "#markCompleted"),
                    "after the Modulith registry marked the publication completed"),
            new Row(
                    PUBLICATION_FAILED,
                    Selector.afterCommit().within(REGISTRY + "#markFailed"),
                    "after the Modulith registry marked the publication failed"),
            new Row(
                    PUBLICATION_RESUBMITTED,
                    Selector.methodExit(JDBC_REPOSITORY + "#markResubmitted"),
                    "after the Modulith registry marked the publication resubmitted"));

    private static final Map<String, String> WORDS =
            ROWS.stream().collect(Collectors.toUnmodifiableMap(Row::name, Row::words));

    private SpringBoundaries() {}

    /**
     * How a case name says the boundary called {@code name}: {@code after the Modulith registry marked the
     * publication completed} for {@value #PUBLICATION_COMPLETED}; empty for a name that is not one of these.
     */
    public static Optional<String> words(String name) {
        return Optional.ofNullable(WORDS.get(name));
    }

    /** Every boundary of this catalogue, whether or not Spring is on the class path. */
    public static BoundaryCatalogue all() {
        BoundaryCatalogue.Builder catalogue = BoundaryCatalogue.builder("Spring and Spring Modulith");
        ROWS.forEach(row -> catalogue.add(row.name(), row.selector()));
        return catalogue.build();
    }

    /** The boundaries, if the context class loader (else the kit's) can load Modulith's registry; else empty. */
    public static BoundaryCatalogue onClassPath() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return onClassPath(context != null ? context : SpringBoundaries.class.getClassLoader());
    }

    /** The boundaries, if {@code loader} can load Modulith's registry (looked up as a resource: nothing is loaded). */
    public static BoundaryCatalogue onClassPath(ClassLoader loader) {
        Objects.requireNonNull(loader, "loader");
        return loader.getResource(REGISTRY.replace('.', '/') + ".class") != null
                ? all()
                : BoundaryCatalogue.builder("Spring and Spring Modulith").build();
    }
}
