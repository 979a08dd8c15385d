package com.example.shop;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.example.forgetful.ForgetfulShipping;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The proof that {@link OrderReachesShippingCrashTest} is worth its cases: its sweep and its {@code @CrashAt},
 * unchanged but for shipping's inbox, fail against {@link com.example.forgetful.ForgetfulShippingInbox}, which
 * ships a message the relay delivers again, in this JVM and as real process exits.
 */
// tag::caught[]
class ForgetfulInboxIsCaughtTest {

    /** The same crash tests, the application started with the forgetful inbox. Only the test below runs them. */
    @CrashTestKitOnly
    static class AgainstTheForgetfulInbox extends OrderReachesShippingCrashTest {

        @Override
        Class<?>[] sources() {
            return new Class<?>[] {ShopApplication.class, ForgetfulShipping.class};
        }
    }

    @Test
    void theSweepAndTheCrashAtFailInBothModes() {
        CrashTestResults results = CrashTestKit.reportingTo(Path.of("target", "deliverykit", "forgetful-inbox"))
                .run(AgainstTheForgetfulInbox.class);

        // in this JVM: the sweep's 10 cases (a recording and 9 crashes), 3 failed, and the @CrashAt case failed;
        // as real process exits: the sweep's 5 cases (a recording and 4 crashes), 1 failed, and the @CrashAt case
        assertThat(results)
                .hasNumberOfFailedContainers(0)
                .hasNumberOfStartedCases(17)
                .hasNumberOfSucceededCases(11)
                .hasNumberOfFailedCases(6)
                .hasNumberOfAbortedCases(0);
        assertThat(results.failedCases())
                .containsExactly(
                        "[7] crash after commit #1 in ForgetfulShippingInbox.receive"
                                + " (via CglibAopProxy$DynamicAdvisedInterceptor.intercept)",
                        "[8] crash before statement \"UPDATE outbox SET sent = TRUE WHERE message_id =…\" #1"
                                + " in Outbox.markSent (via JdbcTemplate.update)",
                        "[9] crash before commit #1 in Outbox.markSent"
                                + " (via CglibAopProxy$DynamicAdvisedInterceptor.intercept)",
                        "[14] crash after commit #1 in ForgetfulShippingInbox.receive"
                                + " (via CglibAopProxy$DynamicAdvisedInterceptor.intercept) (child JVM)",
                        "[1] crash at entry of com.example.shop.Outbox#markSent(java.lang.String) #1",
                        "[2] crash at entry of com.example.shop.Outbox#markSent(java.lang.String) #1 (child JVM)");
        assertThat(results)
                .hasFailedCase(
                        "[2] crash at entry of com.example.shop.Outbox#markSent(java.lang.String) #1 (child JVM)")
                .withMessage(
                        """
                        1 of 2 invariants declared with @CheckInvariant violated after crash at entry of \
                        com.example.shop.Outbox#markSent(java.lang.String) #1 (child JVM) and recovery:
                        [OrderReachesShippingCrashTest.shippedOnce] every message shipped exactly once: violated \
                        (checked 1 intent key, 2 effect rows)
                          duplicate effect: 1 key
                            o-1:placed: found 2 effects, expected exactly 1

                        DeliveryKit case: crash at entry of com.example.shop.Outbox#markSent(java.lang.String) #1 \
                        (child JVM)
                        Replay only this case: -Ddeliverykit.replay='selector=method-entry:\
                        com.example.shop.Outbox#markSent(java.lang.String);hit=1;mode=child-process'""");
    }
}
// end::caught[]
