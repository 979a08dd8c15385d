package dev.deliverykit.spring;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.boundary.KitModules;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.platform.commons.support.AnnotationSupport;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.util.ClassUtils;

/**
 * A Spring Boot application as the process of a crash case: {@link #run} starts it inside {@code scenario.run} (so
 * the case's boundaries fire in its start, its work and its asynchronous listeners), {@link #recover} starts a fresh
 * one on the same databases inside {@code scenario.restart}, and each waits until the application has settled: its
 * task executors idle and, with Spring Modulith's JDBC registry, no event publication still in flight.
 *
 * <pre>{@code
 * @RegisterExtension
 * final SpringProcess shop = SpringProcess.of(ShopApplication.class)
 *         .withProperty("spring.datasource.url", () -> "jdbc:h2:file:" + dir.resolve("shop"));
 *
 * @CrashSweep(kinds = SweepKind.COMMITS)
 * void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) {
 *     shop.run(app -> app.getBean(OrderService.class).placeOrder("o-1", 1250)); // dies at the case's crash
 *     shop.recover();                                                         // resubmits what is incomplete
 * }
 * }</pre>
 *
 * <p>{@link #ofSpringBootTest()} is the application of the test class's {@code @SpringBootTest} instead, prepared as
 * Spring Boot's test support prepares the test's own context (its properties and arguments, active profiles, property
 * files, context initializers and customizers: {@code @DynamicPropertySource}, {@code @Import}, {@code @MockitoBean},
 * ...), with no web server, and started the same way (never through Spring's test context cache). In a
 * {@code @SpringBootTest} class, the test's own context, if Spring has loaded it, is paused while each
 * {@code @CrashAt} or {@code @CrashSweep} case runs (its schedulers and listener containers stopped), so that it does
 * not race the case on the same database.
 *
 * <p>Properties given with {@link #withProperty} win over the application's own (application.properties, the
 * environment, a {@code @SpringBootTest}'s properties); by default the application has no web server and no banner.
 * The contexts a workload or a recovery started are closed when it has ended (died or not), outside what the case
 * crashes; any still open at the end of the test method are closed then. Register it with {@code @RegisterExtension}
 * (a field: instance or static).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SpringProcess
        implements BeforeEachCallback, BeforeTestExecutionCallback, AfterTestExecutionCallback, AfterEachCallback {

    static {
        KitModules.register(SpringProcess.class); // before a workload runs, so that its frames are the kit's
    }

    /** What a case does with its application, once started (and before the wait for its asynchronous work). */
    @FunctionalInterface
    public interface Work {
        void accept(ConfigurableApplicationContext application) throws Exception;
    }

    /** An application's configuration classes and what its test's configuration adds before it runs. */
    record Sources(Class<?>[] classes, ApplicationStart.Preparation preparation) {}

    /**
     * What one test method of this process holds, kept in its {@link ExtensionContext.Store}, since one instance
     * may serve several tests at once (a static field, parallel methods); closed by {@link #afterEach}, or by JUnit
     * with its context if that never ran.
     *
     * @param springBootTest the test class's {@code @SpringBootTest} application; {@code null} for {@link #of}
     * @param started the contexts a workload or a recovery started and has not closed yet
     * @param resumeTestContext resumes the test's own context, paused while the case runs; {@code null} if it is not
     */
    record TestRun(
            Sources springBootTest,
            List<ConfigurableApplicationContext> started,
            AtomicReference<Runnable> resumeTestContext)
            implements AutoCloseable {

        TestRun(Sources springBootTest) {
            this(springBootTest, new CopyOnWriteArrayList<>(), new AtomicReference<>());
        }

        /**
         * Closes the contexts the workload or the recovery started, once it has ended: their shutdown is no part of
         * what a case crashes (a process may die at any point before it). After an in-process crash a context's
         * connections are closed and its threads stopped, so its shutdown may fail; that failure says nothing about
         * the code under test.
         */
        void closeStarted() {
            List<ConfigurableApplicationContext> left = new ArrayList<>(started);
            started.removeAll(left);
            for (ConfigurableApplicationContext application : left) {
                try {
                    application.close();
                } catch (RuntimeException ignored) {
                    // the dead process's leftovers
                }
            }
        }

        /** Resumes the test's own context, if a case paused it. */
        void resume() {
            Runnable resume = resumeTestContext.getAndSet(null);
            if (resume != null) {
                resume.run();
            }
        }

        @Override
        public void close() {
            try {
                closeStarted();
            } finally {
                resume();
            }
        }
    }

    private static final Duration DEFAULT_LIMIT = Duration.ofSeconds(30);

    private static final String SPRING_BOOT_TEST = "org.springframework.boot.test.context.SpringBootTest";

    /** The application's classes; none: the test class's {@code @SpringBootTest}, read when a test method starts. */
    private final Class<?>[] sources;

    private final Map<String, Supplier<String>> properties;
    private final Duration limit;

    /**
     * The test method being run, whose {@link TestRun} its store holds: {@link #run} and {@link #recover} are called
     * by the test itself, with no context of JUnit's to find it by.
     */
    private volatile ExtensionContext testMethod;

    private SpringProcess(Class<?>[] sources, Map<String, Supplier<String>> properties, Duration limit) {
        this.sources = sources;
        this.properties = properties;
        this.limit = limit;
    }

    /** The application of these classes (its {@code @SpringBootApplication} or {@code @Configuration} classes). */
    public static SpringProcess of(Class<?>... sources) {
        if (sources.length == 0) {
            throw new IllegalArgumentException(SpringMessages.noSources());
        }
        return new SpringProcess(sources.clone(), Map.of(), DEFAULT_LIMIT);
    }

    /**
     * The application of the test class's {@code @SpringBootTest}: its {@code classes}, else the
     * {@code @SpringBootConfiguration} found from the test class's package upwards, as Spring Boot finds it, with the
     * annotation's {@code properties} (under those of {@link #withProperty}). Started fresh in each {@link #run} and
     * {@link #recover}, like {@link #of}: the context Spring's test support caches for the test class is not the
     * process, and no case leaves one in that cache.
     */
    public static SpringProcess ofSpringBootTest() {
        return new SpringProcess(new Class<?>[0], Map.of(), DEFAULT_LIMIT);
    }

    /** A property that wins over the application's own; a new process, this one unchanged. */
    public SpringProcess withProperty(String name, String value) {
        Objects.requireNonNull(value, "value");
        return withProperty(name, () -> value);
    }

    /**
     * A property read each time an application starts (a {@code @TempDir} field is set by then), that wins over the
     * application's own; a new process, this one unchanged.
     */
    public SpringProcess withProperty(String name, Supplier<String> value) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        Map<String, Supplier<String>> more = new LinkedHashMap<>(properties);
        more.put(name, value);
        return new SpringProcess(sources, Map.copyOf(more), limit);
    }

    /** How long {@link #run} and {@link #recover} wait for the application to settle (30 s unless set). */
    public SpringProcess awaitingAtMost(Duration limit) {
        if (limit.isNegative() || limit.isZero()) {
            throw new IllegalArgumentException(SpringMessages.notPositive(limit));
        }
        return new SpringProcess(sources, properties, limit);
    }

    /**
     * Runs the case's workload: starts the application, runs {@code work} on it and waits until it has settled, all
     * inside {@code scenario.run}, so the process dies at the case's crash wherever it is; then closes it.
     *
     * @throws IllegalStateException outside a {@code @CrashAt} or {@code @CrashSweep} test method
     */
    public void run(Work work) {
        Objects.requireNonNull(work, "work");
        CrashScenario scenario = scenario("run");
        scenario.run(() -> live(work, false));
        testRun("run").closeStarted();
    }

    /**
     * The fresh process after the crash: inside {@code scenario.restart}, starts the application on the same
     * databases, resubmits Spring Modulith's incomplete event publications and waits until it has settled; then closes
     * it.
     */
    public void recover() throws Exception {
        recover(application -> {});
    }

    /** As {@link #recover()}, and runs {@code work} on the fresh application before the wait. */
    public void recover(Work work) throws Exception {
        Objects.requireNonNull(work, "work");
        CrashScenario scenario = scenario("recover");
        scenario.restart(() -> live(work, true));
        testRun("recover").closeStarted();
    }

    private void live(Work work, boolean resubmit) throws Exception {
        ConfigurableApplicationContext application = start();
        Settling settling = new Settling(application);
        if (resubmit) {
            settling.resubmitIncompletePublications();
        }
        work.accept(application);
        settling.await(limit);
    }

    ConfigurableApplicationContext start() {
        TestRun run = current();
        Sources app = sources.length > 0
                ? new Sources(sources, ApplicationStart.Preparation.NONE)
                : run == null ? null : run.springBootTest();
        if (app == null) {
            throw new IllegalStateException(SpringMessages.notRegistered("run()"));
        }
        Map<String, Object> values = new LinkedHashMap<>();
        properties.forEach((name, value) -> {
            String resolved = value.get();
            if (resolved == null) {
                throw new IllegalStateException(SpringMessages.nullProperty(name));
            }
            values.put(name, resolved);
        });
        ConfigurableApplicationContext application = ApplicationStart.start(app.classes(), values, app.preparation());
        if (run != null) {
            run.started().add(application);
        }
        return application;
    }

    /** The current test method's {@link TestRun}; {@code null} outside a test method of this process. */
    private TestRun current() {
        ExtensionContext context = testMethod;
        return context == null ? null : store(context).get(TestRun.class, TestRun.class);
    }

    /** The current test method's {@link TestRun}, for {@code method}, which needs one. */
    private TestRun testRun(String method) {
        TestRun run = current();
        if (run == null) {
            throw new IllegalStateException(SpringMessages.notRegistered(method + "()"));
        }
        return run;
    }

    /** This process's part of a test's store: two processes of one test class keep apart. */
    private ExtensionContext.Store store(ExtensionContext context) {
        return context.getStore(ExtensionContext.Namespace.create(SpringProcess.class, this));
    }

    private CrashScenario scenario(String method) {
        ExtensionContext context = testMethod;
        if (context == null) {
            throw new IllegalStateException(SpringMessages.notRegistered(method + "()"));
        }
        try {
            Method resolve = SpringProcess.class.getDeclaredMethod("resolve", CrashScenario.class);
            return (CrashScenario) context.getExecutableInvoker().invoke(resolve);
        } catch (ParameterResolutionException e) {
            throw new IllegalStateException(SpringMessages.outsideACase(method + "()"), e);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The case's scenario, as JUnit resolves a test method's parameter: the kit's own resolver makes it. */
    @SuppressWarnings("unused") // invoked through JUnit's ExecutableInvoker
    private static CrashScenario resolve(CrashScenario scenario) {
        return scenario;
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        testMethod = context;
        Sources springBootTest = null;
        if (sources.length == 0) {
            if (!ClassUtils.isPresent(SPRING_BOOT_TEST, SpringProcess.class.getClassLoader())) {
                throw new IllegalStateException(SpringMessages.notASpringBootTest(context.getRequiredTestClass()));
            }
            springBootTest = BootTestApplication.of(context.getRequiredTestClass());
        }
        store(context).put(TestRun.class, new TestRun(springBootTest));
    }

    /**
     * Pauses the test's own context for a case: here, after Spring's test support prepared the test method (it
     * restarts a paused context it is asked for).
     */
    @Override
    public void beforeTestExecution(ExtensionContext context) {
        Method method = context.getRequiredTestMethod();
        if (ClassUtils.isPresent(SPRING_BOOT_TEST, SpringProcess.class.getClassLoader())
                && (AnnotationSupport.isAnnotated(method, CrashSweep.class)
                        || AnnotationSupport.isAnnotated(method, CrashAt.class))) {
            store(context).get(TestRun.class, TestRun.class).resumeTestContext().set(TestContextPause.pause(context));
        }
    }

    @Override
    public void afterTestExecution(ExtensionContext context) {
        TestRun run = store(context).get(TestRun.class, TestRun.class);
        if (run != null) {
            run.resume();
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        testMethod = null;
        TestRun run = store(context).remove(TestRun.class, TestRun.class);
        if (run != null) {
            run.close();
        }
    }

    @Override
    public String toString() {
        return sources.length == 0 ? "SpringProcess[@SpringBootTest]" : "SpringProcess" + Arrays.toString(sources);
    }

    static void park() {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
    }
}
