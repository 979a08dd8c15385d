package dev.deliverykit.junit5.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.platform.engine.TestExecutionResult;

/**
 * The one run of every contract test class of {@link ContractTestCases} that the proofs judge: one launcher run
 * (their child JVMs started ahead for each other), made once per JVM, its crash report in
 * {@code target/contract-proofs}, where a person can open it.
 */
final class ContractProofs {

    /** Where the run's report goes, relative to the module (Surefire's working directory). */
    static final Path REPORT = Path.of("target", "contract-proofs");

    /** Role by role, the reference implementation, then the broken variants (and a broken fixture where none breaks a guarantee). */
    static final List<Class<?>> TEST_CASES = List.of(
            ContractTestCases.AtomicReceiptReceiverTestCases.class,
            ContractTestCases.WithoutDedupReceiverTestCases.class,
            ContractTestCases.TenantBlindReceiverTestCases.class,
            ContractTestCases.OrderedProducerOutboxTestCases.class,
            ContractTestCases.UnsafeDualWriteOutboxTestCases.class,
            ContractTestCases.OrderedConsumerInboxTestCases.class,
            ContractTestCases.ArrivalOrderInboxTestCases.class,
            ContractTestCases.CloseAndCollectRetentionTestCases.class,
            ContractTestCases.ReceiptOnlyCleanupRetentionTestCases.class,
            ContractTestCases.AtomicReceiptPipelineTestCases.class,
            ContractTestCases.MarkFirstPipelineTestCases.class,
            ContractTestCases.WithoutDedupPipelineTestCases.class);

    private static Run run;

    private ContractProofs() {}

    /** The run, made at the first call. */
    static synchronized Run run() {
        if (run == null) {
            CrashTestResults results = CrashTestKit.reportingTo(REPORT).run(TEST_CASES.toArray(Class<?>[]::new));
            try {
                run = new Run(
                        results,
                        new ObjectMapper()
                                .readTree(REPORT.resolve("report.json").toFile()),
                        Files.readString(REPORT.resolve("report.md")));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return run;
    }

    /**
     * The run of the contract test classes.
     *
     * @param results what JUnit reported
     * @param report report.json
     * @param summary report.md
     */
    record Run(CrashTestResults results, JsonNode report, String summary) {

        /** The report's guarantee rows of {@code testCases}, by check id, in the order they ran. */
        Map<String, JsonNode> guarantees(Class<?> testCases) {
            Map<String, JsonNode> rows = new LinkedHashMap<>();
            for (JsonNode row : report.path("guarantees")) {
                if (row.path("className").asText().equals(testCases.getName())) {
                    rows.put(row.path("id").asText(), row);
                }
            }
            return rows;
        }

        /** The ids of the guarantees of {@code testCases} with this verdict. */
        List<String> withVerdict(Class<?> testCases, String verdict) {
            List<String> ids = new ArrayList<>();
            guarantees(testCases).forEach((id, row) -> {
                if (row.path("verdict").asText().equals(verdict)) {
                    ids.add(id);
                }
            });
            return ids;
        }

        /** The failure of the case of {@code testCases}' check {@code method} with this display name. */
        Throwable failureOf(Class<?> testCases, String method, String displayName) {
            return results.testEvents().failed().stream()
                    .filter(event -> event.getTestDescriptor().getDisplayName().equals(displayName)
                            && event.getTestDescriptor()
                                    .getUniqueId()
                                    .toString()
                                    .contains(testCases.getName())
                            && event.getTestDescriptor()
                                    .getUniqueId()
                                    .toString()
                                    .contains(":" + method + "("))
                    .findFirst()
                    .flatMap(event ->
                            event.getRequiredPayload(TestExecutionResult.class).getThrowable())
                    .orElseThrow(() ->
                            new AssertionError("no failed case " + displayName + " of " + testCases.getSimpleName()));
        }
    }
}
