package dev.deliverykit.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.spring.shop.NaiveShop;
import dev.deliverykit.spring.shop.ShopInvariants;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import unconfigured.UnconfiguredTestClass;

/** What SpringProcess starts, and what it says when it is misused or its application does not settle. */
class SpringProcessTest {

    /** An application with nothing but a task executor: no database, starts fast. */
    @Configuration(proxyBeanMethods = false)
    static class Plain {
        @Bean
        ThreadPoolTaskExecutor blocker() {
            return new ThreadPoolTaskExecutor();
        }
    }

    @RegisterExtension
    final SpringProcess registered = SpringProcess.of(Plain.class);

    @Test
    void propertiesGivenToTheProcessWinOverApplicationProperties() {
        SpringProcess process = SpringProcess.of(Plain.class)
                .withProperty("shop.greeting", "from withProperty")
                .withProperty("shop.supplied", () -> "read at start");

        try (ConfigurableApplicationContext application = process.start()) {
            assertThat(application.getEnvironment().getProperty("shop.greeting"))
                    .isEqualTo("from withProperty");
            assertThat(application.getEnvironment().getProperty("shop.supplied"))
                    .isEqualTo("read at start");
        }
    }

    @Test
    void loggingLevelsGivenToTheProcessApplyFromItsStart() {
        SpringProcess process = SpringProcess.of(Plain.class).withProperty("logging.level.deliverykit.probe", "error");

        try (ConfigurableApplicationContext application = process.start()) {
            Logger probe = LoggerFactory.getLogger("deliverykit.probe");
            assertThat(probe.isErrorEnabled()).isTrue();
            assertThat(probe.isWarnEnabled()).isFalse();
        }
    }

    @Test
    void runOutsideACaseSaysWhereItRuns() {
        assertThatThrownBy(() -> registered.run(application -> {}))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("SpringProcess.run() runs only inside a @CrashAt or @CrashSweep test method: it starts"
                        + " the application inside the case's scenario. Register the SpringProcess with"
                        + " @RegisterExtension on a field of the test class and call run() from the test method.");
    }

    @Test
    void aProcessJUnitDoesNotKnowSaysToRegisterIt() {
        SpringProcess unregistered = registered.awaitingAtMost(Duration.ofSeconds(5));

        assertThatThrownBy(unregistered::recover)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("SpringProcess.recover() was called on a SpringProcess that JUnit does not know: register"
                        + " it with @RegisterExtension on a field of the test class (withProperty and awaitingAtMost"
                        + " return a new SpringProcess; register the one they return).");
    }

    @Test
    void anApplicationThatDoesNotSettleSaysWhatIsBusyAndHowToWaitLonger() throws InterruptedException {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        try (ConfigurableApplicationContext application =
                SpringProcess.of(Plain.class).start()) {
            application.getBean(ThreadPoolTaskExecutor.class).execute(() -> {
                running.countDown();
                awaitQuietly(release);
            });
            running.await();

            assertThatThrownBy(() -> new Settling(application).await(Duration.ofMillis(1)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("The Spring application did not settle within PT0.001S: task executor 'blocker' has"
                            + " 1 running and 0 queued tasks. Raise the limit with SpringProcess.awaitingAtMost(...),"
                            + " or make the listener finish (a publication whose listener keeps failing is left"
                            + " FAILED, not waited for).");
        } finally {
            release.countDown();
        }
    }

    @Test
    void theWaitReadsModulithsJdbcRegistryForThePublicationsItsProcessStored(@TempDir Path dir) {
        try (ConfigurableApplicationContext application = SpringProcess.of(NaiveShop.class)
                .withProperty("spring.datasource.url", ShopInvariants.url(dir))
                .start()) {
            Settling settling = new Settling(application);
            application
                    .getBean(JdbcTemplate.class)
                    .update("INSERT INTO EVENT_PUBLICATION (ID, EVENT_TYPE, LISTENER_ID, PUBLICATION_DATE,"
                            + " SERIALIZED_EVENT, STATUS) VALUES (RANDOM_UUID(), 'OrderPlaced', 'shipping',"
                            + " CURRENT_TIMESTAMP, '{}', 'PROCESSING')");

            assertThat(settling.busy())
                    .singleElement(InstanceOfAssertFactories.STRING)
                    .startsWith("event publication ")
                    .endsWith(" to shipping is incomplete (PROCESSING)");
            // left by an earlier process: only a resubmission, on an executor, is waited for
            assertThat(new Settling(application).busy()).isEmpty();
        }
    }

    @Test
    void aPropertyWhoseSupplierGivesNullIsRefused() {
        SpringProcess process = SpringProcess.of(Plain.class).withProperty("shop.url", () -> null);

        assertThatThrownBy(process::start)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("SpringProcess.withProperty(\"shop.url\", ...): the value's supplier returned null. Give"
                        + " the property a value, or leave it out.");
    }

    @Test
    void theApplicationOfASpringBootTestNeedsASpringBootTest() {
        assertThatThrownBy(() -> BootTestApplication.of(SpringProcessTest.class))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(
                        "SpringProcess.ofSpringBootTest() is registered on dev.deliverykit.spring.SpringProcessTest,"
                                + " which is not a @SpringBootTest: the process is the application of the test"
                                + " class's @SpringBootTest. Annotate the test class with @SpringBootTest, or name"
                                + " the application: SpringProcess.of(ShopApplication.class).");
    }

    @Test
    void aSpringBootTestWithoutAnApplicationSaysWhereToNameIt() {
        assertThatThrownBy(() -> BootTestApplication.of(UnconfiguredTestClass.class))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("SpringProcess.ofSpringBootTest() found no application for"
                        + " unconfigured.UnconfiguredTestClass: its @SpringBootTest names no classes, and no"
                        + " @SpringBootConfiguration class is in its package or above. Name the application in"
                        + " @SpringBootTest(classes = ShopApplication.class), or put its @SpringBootApplication class"
                        + " in the test class's package or above.");
    }

    @Test
    void aProcessNeedsItsApplicationClass() {
        assertThatThrownBy(SpringProcess::of)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("SpringProcess.of() needs the application's class (its @SpringBootApplication or"
                        + " @Configuration class), e.g. SpringProcess.of(ShopApplication.class).");
    }

    @Test
    void aWaitNeedsAPositiveDuration() {
        assertThatThrownBy(() -> registered.awaitingAtMost(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("SpringProcess.awaitingAtMost(PT0S): the wait needs a positive duration, e.g."
                        + " awaitingAtMost(Duration.ofSeconds(60)).");
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
