package dev.deliverykit.spring.boottest;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.test.context.cache.DefaultCacheAwareContextLoaderDelegate;

/**
 * {@code SpringProcess.ofSpringBootTest()}: the process is the application of the test class's
 * {@code @SpringBootTest}, with its properties under those the process is given; the test's own cached context is
 * paused while each case runs, and in a child JVM the child's; and the cases leave no context in Spring's test
 * context cache.
 */
class SpringBootTestProcessTests {

    @TempDir
    Path reports;

    @Test
    void theProcessIsTheSpringBootTestsApplicationAndTheTestsOwnContextIsPausedDuringEachCase() {
        SpringBootTestProcessTestCases.seen.clear();
        int cachedBefore = CachedContexts.count();

        CrashTestResults results = CrashTestKit.reportingTo(reports).run(SpringBootTestProcessTestCases.class);

        assertThat(results.failures()).isEmpty();
        String order = " in OrderService.placeOrder (via CglibAopProxy$DynamicAdvisedInterceptor.intercept)";
        String listener = " in IdempotentShipping.on (via CglibAopProxy$DynamicAdvisedInterceptor.intercept)";
        assertThat(results.startedCases())
                .containsExactly(
                        "[1] record boundaries (crash-free run)",
                        "[2] crash before commit #1" + order,
                        "[3] crash after commit #1" + order,
                        "[4] crash before commit #1" + listener,
                        "[5] crash after commit #1" + listener,
                        "[6] crash before commit #2" + listener,
                        "[7] crash after commit #2" + listener,
                        "[8] crash before commit #3" + listener,
                        "[9] crash after commit #3" + listener,
                        // its workload fails if the child JVM's own test context was not paused
                        "[1] crash after commit #1 in OrderService.placeOrder (child JVM)");
        assertThat(results).hasNumberOfSucceededCases(10);
        // in every case: the @SpringBootTest's properties, the database given to the process winning over its own,
        // and the test's own context paused
        assertThat(SpringBootTestProcessTestCases.seen)
                .containsExactlyElementsOf(Collections.nCopies(
                        9, "test context's ticker running: false, greeting from @SpringBootTest, database the case's"));
        // started again after each case: stopped once per case, the child JVM's case too
        Ticker ticker = SpringBootTestProcessTestCases.testContextTicker;
        assertThat(ticker.isRunning()).isTrue();
        assertThat(ticker.stops()).isEqualTo(10);
        // the test class's own context is the one context the run added to the cache
        assertThat(CachedContexts.count()).isEqualTo(cachedBefore + 1);
    }

    /** Spring's test context cache of this JVM, the one its SpringExtension uses. */
    private static final class CachedContexts extends DefaultCacheAwareContextLoaderDelegate {
        static int count() {
            return new CachedContexts().getContextCache().size();
        }
    }
}
