package dev.deliverykit.junit5.internal.rerun;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.boundary.ChildRunFiles;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * What the test JVM tells the child JVM that reruns one case, as a properties file (the JDK's codec escapes any
 * text): which test template, which case (its replay key, with its mode), the configuration parameters the test
 * JVM's launcher was given, the test JVM's {@code @TempDir} directories, and where their files wait for the child's
 * workload ({@link FixtureFiles}).
 *
 * @param templateUniqueId the JUnit unique id of the test template (the method, not one invocation)
 * @param replayKey the case, as {@code deliverykit.replay} selects it
 * @param configuration configuration parameters for the child's launcher
 * @param tempDirectories directories by {@link TempDirKeys} name
 * @param fixtures the test JVM's stash of each directory's files, by directory ({@link FixtureFiles#setAside})
 * @param systemProperties the test JVM's system properties set at run time, for the child to set
 * @param plan the run's plan file, or empty before the run's files exist
 * @param report the run's report file, or empty before the run's files exist
 */
@API(status = INTERNAL, since = "0.1")
public record RerunCaseFile(
        String templateUniqueId,
        String replayKey,
        Map<String, String> configuration,
        Map<String, String> tempDirectories,
        Map<String, String> fixtures,
        Map<String, String> systemProperties,
        String plan,
        String report) {

    private static final String TEMPLATE = "template";
    private static final String REPLAY = "replay";
    private static final String PLAN = "plan";
    private static final String REPORT = "report";
    private static final String CONFIGURATION = "configuration.";
    private static final String TEMP_DIRECTORY = "tempdir.";
    private static final String SYSTEM_PROPERTY = "property.";
    private static final String FIXTURE = "fixture.";

    public RerunCaseFile {
        configuration = Map.copyOf(configuration);
        tempDirectories = Map.copyOf(tempDirectories);
        fixtures = Map.copyOf(fixtures);
        systemProperties = Map.copyOf(systemProperties);
    }

    /** The case of an invocation, before its run's files exist. */
    public static RerunCaseFile of(
            String templateUniqueId,
            String replayKey,
            Map<String, String> configuration,
            Map<String, String> tempDirectories,
            Map<String, String> fixtures) {
        return new RerunCaseFile(
                templateUniqueId, replayKey, configuration, tempDirectories, fixtures, Map.of(), "", "");
    }

    /** This case for one run: its files, and the system properties as they are now. */
    RerunCaseFile withRun(ChildRunFiles run, Map<String, String> properties) {
        return new RerunCaseFile(
                templateUniqueId,
                replayKey,
                configuration,
                tempDirectories,
                fixtures,
                properties,
                run.plan().toString(),
                run.report().toString());
    }

    void write(Path file) {
        Properties properties = new Properties();
        properties.setProperty(TEMPLATE, templateUniqueId);
        properties.setProperty(REPLAY, replayKey);
        properties.setProperty(PLAN, plan);
        properties.setProperty(REPORT, report);
        systemProperties.forEach((key, value) -> properties.setProperty(SYSTEM_PROPERTY + key, value));
        configuration.forEach((key, value) -> properties.setProperty(CONFIGURATION + key, value));
        tempDirectories.forEach((key, value) -> properties.setProperty(TEMP_DIRECTORY + key, value));
        fixtures.forEach((key, value) -> properties.setProperty(FIXTURE + key, value));
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            properties.store(writer, "DeliveryKit: one case for a child JVM to rerun");
        } catch (IOException e) {
            throw new UncheckedIOException(RerunMessages.caseFileUnwritable(file), e);
        }
    }

    static RerunCaseFile read(Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException(RerunMessages.caseFileUnreadable(file), e);
        }
        Map<String, String> configuration = new TreeMap<>();
        Map<String, String> tempDirectories = new TreeMap<>();
        Map<String, String> fixtures = new TreeMap<>();
        Map<String, String> systemProperties = new TreeMap<>();
        for (String key : properties.stringPropertyNames()) {
            if (key.startsWith(SYSTEM_PROPERTY)) {
                systemProperties.put(key.substring(SYSTEM_PROPERTY.length()), properties.getProperty(key));
            }
            if (key.startsWith(CONFIGURATION)) {
                configuration.put(key.substring(CONFIGURATION.length()), properties.getProperty(key));
            } else if (key.startsWith(TEMP_DIRECTORY)) {
                tempDirectories.put(key.substring(TEMP_DIRECTORY.length()), properties.getProperty(key));
            } else if (key.startsWith(FIXTURE)) {
                fixtures.put(key.substring(FIXTURE.length()), properties.getProperty(key));
            }
        }
        return new RerunCaseFile(
                properties.getProperty(TEMPLATE),
                properties.getProperty(REPLAY),
                configuration,
                tempDirectories,
                fixtures,
                systemProperties,
                properties.getProperty(PLAN),
                properties.getProperty(REPORT));
    }
}
