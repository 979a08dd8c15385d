package dev.deliverykit.junit5.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Where one run of one contract check happens: what a {@link DatabaseFactory} derives the databases of the run from.
 * The same in the test JVM and in a child JVM that reruns the case, so a child finds the databases the test JVM
 * prepared.
 *
 * @param checkId the check, such as {@code receiver.duplicate-same-parameters}
 * @param testClass the binary name of the contract test class
 * @param caseKey the case within the check: its replay key ({@code selector=after-commit;hit=2}, {@code
 *     order=A3,A1,A2}), or {@code check} for a check with one case
 * @param directory a new directory of this run (a {@code @TempDir} of the check), mapped into the child JVM
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record CheckSite(String checkId, String testClass, String caseKey, Path directory) {

    /** Checks for nulls. */
    public CheckSite {
        Objects.requireNonNull(checkId, "checkId");
        Objects.requireNonNull(testClass, "testClass");
        Objects.requireNonNull(caseKey, "caseKey");
        Objects.requireNonNull(directory, "directory");
    }

    /**
     * A short name for this run that is a plain SQL identifier on every database (lower case letters, digits and
     * {@code _}, at most 40 characters, starting with {@code dk_}): the check id's words and a hash of the test class,
     * check and case, such as {@code dk_receiver_duplicate_same_9f2c41d7a0}. Use it for a schema or database per run.
     */
    public String runId() {
        String words = checkId.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
        String stem = "dk_" + (words.length() > 26 ? words.substring(0, 26) : words);
        return stem.replaceAll("_+$", "") + "_" + hash(testClass + "|" + checkId + "|" + caseKey);
    }

    private static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 5);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
