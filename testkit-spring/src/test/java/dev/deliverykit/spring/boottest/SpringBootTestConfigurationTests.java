package dev.deliverykit.spring.boottest;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code SpringProcess.ofSpringBootTest()} starts the application as Spring Boot's test support would for the test
 * class: its active profiles, {@code @DynamicPropertySource}s, {@code @Import}s, {@code @TestPropertySource} files and
 * arguments apply to the process, in process and in a child JVM, and the kit's own properties still win.
 */
class SpringBootTestConfigurationTests {

    @TempDir
    Path reports;

    @Test
    void theProcessHasTheTestsProfilesDynamicPropertiesImportsPropertyFilesAndArguments() {
        SpringBootTestConfigurationTestCases.seen.clear();

        CrashTestResults results = CrashTestKit.reportingTo(reports).run(SpringBootTestConfigurationTestCases.class);

        assertThat(results.failures()).isEmpty();
        assertThat(results).hasNumberOfSucceededCases(9 + 1);
        assertThat(SpringBootTestConfigurationTestCases.seen)
                .containsExactlyElementsOf(Collections.nCopies(9, SpringBootTestConfigurationTestCases.EXPECTED));
    }
}
