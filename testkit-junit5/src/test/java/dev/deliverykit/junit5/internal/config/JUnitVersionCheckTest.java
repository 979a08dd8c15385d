package dev.deliverykit.junit5.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.deliverykit.junit5.internal.config.JUnitVersionCheck.Artifact;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which JUnit versions the kit refuses, and the message. A kit test really running on an old JUnit is in
 * {@code dev.deliverykit.classpath.OldJUnitOnTheClassPathTest}.
 */
class JUnitVersionCheckTest {

    /** The JUnit BOM the build ran with (root pom's junit.version, or the CI's -Djunit.version). */
    private static final String BUILT_WITH = System.getProperty("deliverykit.test.junitVersion", "5.14.4");

    private static List<Artifact> junit(String jupiter, String platform) {
        return List.of(
                new Artifact("junit-jupiter-api", Optional.of(jupiter), "5.13", Optional.empty()),
                new Artifact("junit-jupiter-engine", Optional.of(jupiter), "5.13", Optional.empty()),
                new Artifact("junit-platform-commons", Optional.of(platform), "1.13", Optional.empty()),
                new Artifact("junit-platform-engine", Optional.of(platform), "1.13", Optional.empty()));
    }

    @Test
    void theJUnitTheseTestsRunOnPasses() {
        assertThat(JUnitVersionCheck.problem(JUnitVersionCheck.onTheClassPath()))
                .as("%s", JUnitVersionCheck.onTheClassPath())
                .isEmpty();
    }

    @Test
    void theJarsOfTheJUnitTheseTestsRunOnNameTheirVersions() {
        assertThat(JUnitVersionCheck.onTheClassPath())
                .extracting(Artifact::name, artifact -> artifact.version().isPresent())
                .containsExactly(
                        tuple("junit-jupiter-api", true),
                        tuple("junit-jupiter-engine", true),
                        tuple("junit-platform-commons", true),
                        tuple("junit-platform-engine", true));
    }

    @ParameterizedTest(name = "Jupiter {0}, Platform {1}")
    @CsvSource({
        "5.13.0, 1.13.0",
        "5.13.4, 1.13.4",
        "5.14.0-M1, 1.14.0-M1",
        "5.14.4, 1.14.4",
        "6.0.0, 6.0.0",
        "6.1.3, 6.1.3",
        "7.0.0-SNAPSHOT, 7.0.0-SNAPSHOT"
    })
    void supportedVersionsPass(String jupiter, String platform) {
        assertThat(JUnitVersionCheck.problem(junit(jupiter, platform))).isEmpty();
    }

    @Test
    void jUnit512IsRefusedWithTheVersionsFoundTheVersionNeededAndTheBomLines() {
        assertThat(JUnitVersionCheck.problem(junit("5.12.2", "1.12.2")))
                .hasValueSatisfying(message -> assertThat(message)
                        .startsWith("DeliveryKit needs JUnit Jupiter 5.13 or newer and JUnit Platform 1.13 or newer"
                                + " (or JUnit 6), but this test run has junit-jupiter-api 5.12.2, junit-jupiter-engine"
                                + " 5.12.2, junit-platform-commons 1.12.2, junit-platform-engine 1.12.2.")
                        .contains(" Fix: import JUnit's BOM", "<version>" + BUILT_WITH + "</version>")
                        .endsWith("org.junit:junit-bom:" + BUILT_WITH + "\"))"));
    }

    @Test
    void aMixedJUnitNamesOnlyTheArtifactsThatAreTooOld() {
        List<Artifact> mixed = List.of(
                new Artifact("junit-jupiter-api", Optional.of("5.14.4"), "5.13", Optional.empty()),
                new Artifact("junit-jupiter-engine", Optional.of("5.11.4"), "5.13", Optional.empty()),
                new Artifact("junit-platform-commons", Optional.of("1.14.4"), "1.13", Optional.empty()),
                new Artifact("junit-platform-engine", Optional.of("1.11.4"), "1.13", Optional.empty()));

        assertThat(JUnitVersionCheck.problem(mixed))
                .hasValueSatisfying(message -> assertThat(message)
                        .startsWith("DeliveryKit needs JUnit Jupiter 5.13 or newer and JUnit Platform 1.13 or newer"
                                + " (or JUnit 6), but this test run has junit-jupiter-engine 5.11.4,"
                                + " junit-platform-engine 1.11.4. A BOM"));
    }

    @Test
    void aJarWithoutVersionIsJudgedByTheApiTheKitCalls() {
        Artifact withoutPrepareInvocation = new Artifact(
                "junit-jupiter-api",
                Optional.empty(),
                "5.13",
                Optional.of("TestTemplateInvocationContext.prepareInvocation (JUnit 5.13)"));

        assertThat(JUnitVersionCheck.problem(List.of(withoutPrepareInvocation)))
                .hasValueSatisfying(message -> assertThat(message)
                        .contains(", but this test run has junit-jupiter-api without"
                                + " TestTemplateInvocationContext.prepareInvocation (JUnit 5.13). A BOM"));
    }

    @ParameterizedTest(name = "version [{0}]")
    @CsvSource(
            value = {"NULL", "unknown", "''"},
            nullValues = "NULL")
    void aJarWithoutAReadableVersionButWithTheApiPasses(String version) {
        Artifact artifact = new Artifact("junit-jupiter-api", Optional.ofNullable(version), "5.13", Optional.empty());

        assertThat(JUnitVersionCheck.problem(List.of(artifact))).isEmpty();
    }

    @Test
    void aJarWhoseVersionIsOldIsRefusedEvenWithTheApi() {
        Artifact artifact = new Artifact("junit-platform-commons", Optional.of("1.12.2"), "1.13", Optional.empty());

        assertThat(JUnitVersionCheck.problem(List.of(artifact)))
                .hasValueSatisfying(message ->
                        assertThat(message).contains(", but this test run has junit-platform-commons 1.12.2."));
    }
}
