package dev.deliverykit.benchmarks.junit;

import dev.deliverykit.CrashMode;
import dev.deliverykit.benchmarks.spring.OrderDesk;
import dev.deliverykit.benchmarks.spring.SpringShop;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.spring.SpringProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * B12: a crash case whose process is a Spring Boot application ({@link SpringShop}, Spring Modulith's JDBC registry,
 * started by {@link SpringProcess}): the application starts, takes an order and dies right after the order's commit;
 * a fresh application resubmits the publication and its listener ships the order; every order shipped exactly once and
 * every publication completed. {@value #CASES} methods with the same body, each a {@code @CrashAt} in this JVM and as
 * a real process exit, in that order, so that each method gives both modes' case of the same test in the same run.
 *
 * <p>Each case notes where its first process spent its time ({@link #STARTS}): from the JVM's start to the test
 * method (in a child: the JVM, the launcher, Jupiter and the kit's rerun of the method) and from there to the work
 * (the application's start). The first process writes it beside the database; the recovery, always in this JVM,
 * reads it.
 */
public class SpringCrashAtCase {

    /** The methods of the class; each runs two cases, in this JVM and in a child JVM. */
    public static final int CASES = 3;

    /** Right after the commit of the order (made by the transactional proxy, after {@code take} returned). */
    static final String AFTER_THE_ORDER = "after-commit within dev.deliverykit.benchmarks.spring.OrderDesk#take";

    /** The first process's time of each case, in the order the cases ran. */
    public static final List<Start> STARTS = new CopyOnWriteArrayList<>();

    /**
     * Where a case's first process spent its time until its work began.
     *
     * @param child         whether it was a child JVM
     * @param toTheMethod   from the JVM's start to the test method's start, ms
     * @param theApplication from the test method's start to the work, on a started application, ms
     */
    public record Start(boolean child, double toTheMethod, double theApplication) {}

    private static final String START_FILE = "b12-start.txt";

    @TempDir
    Path dir;

    @RegisterExtension
    final SpringProcess shop =
            SpringProcess.of(SpringShop.class).withProperty("spring.datasource.url", () -> SpringShop.url(dir));

    private final JdbcSource database =
            JdbcSource.url(() -> SpringShop.url(dir)).named("shop");

    @CheckInvariant
    final Invariant shippedOnce = Invariants.exactlyOncePerKey("every order shipped exactly once")
            .intentsIn(database, "orders", "order_id")
            .effectsIn(database, "shipment", "order_id");

    @CheckInvariant
    final Invariant publicationsCompleted = Invariants.noRows(
            "every publication completed",
            database,
            "SELECT listener_id FROM event_publication WHERE completion_date IS NULL",
            "an event publication the recovery left incomplete");

    @CrashAt(
            selector = AFTER_THE_ORDER,
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void case1(CrashScenario scenario) throws Exception {
        takeCrashAndRecover();
    }

    @CrashAt(
            selector = AFTER_THE_ORDER,
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void case2(CrashScenario scenario) throws Exception {
        takeCrashAndRecover();
    }

    @CrashAt(
            selector = AFTER_THE_ORDER,
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void case3(CrashScenario scenario) throws Exception {
        takeCrashAndRecover();
    }

    private void takeCrashAndRecover() throws Exception {
        long methodStart = System.currentTimeMillis();
        shop.run(application -> {
            noteStart(methodStart);
            application.getBean(OrderDesk.class).take("o-1", 1250);
        });
        shop.recover(application -> readStart());
    }

    private void noteStart(long methodStart) throws IOException {
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        Files.writeString(
                dir.resolve(START_FILE),
                ProcessHandle.current().pid() + " " + (methodStart - jvmStart) + " "
                        + (System.currentTimeMillis() - methodStart));
    }

    private void readStart() {
        Path file = dir.resolve(START_FILE);
        try {
            String[] words = Files.readString(file).split(" ");
            STARTS.add(new Start(
                    Long.parseLong(words[0]) != ProcessHandle.current().pid(),
                    Double.parseDouble(words[1]),
                    Double.parseDouble(words[2])));
        } catch (IOException e) {
            throw new UncheckedIOException("the case's first process noted no start in " + file, e);
        }
    }
}
