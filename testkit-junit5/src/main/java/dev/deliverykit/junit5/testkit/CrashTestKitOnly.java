package dev.deliverykit.junit5.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test class that fails on purpose and runs only inside another test, through {@link CrashTestKit}:
 * anywhere else (an IDE running the package, a stray {@code -Dtest} pattern) it is skipped, saying why. Surefire
 * never picks such a class on its own anyway when it is a static nested class, which it excludes by default.
 *
 * <pre>{@code
 * class MarkFirstRelayIsCaughtTest {
 *
 *     @CrashTestKitOnly
 *     static class MarkFirstPipeline {                    // the broken variant, with the real crash test
 *         @CrashSweep(kinds = SweepKind.COMMITS)
 *         void aPlacedOrderReachesShippingExactlyOnce(CrashScenario scenario) { ... }
 *     }
 *
 *     @Test
 *     void theSweepCatchesIt(@TempDir Path reports) {
 *         assertThat(CrashTestKit.reportingTo(reports).run(MarkFirstPipeline.class)).hasNumberOfFailedCases(10);
 *     }
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.ANNOTATION_TYPE, ElementType.TYPE})
@ExtendWith(CrashTestKitOnlyCondition.class)
@API(status = EXPERIMENTAL, since = "0.1")
public @interface CrashTestKitOnly {
}
