package dev.deliverykit.junit5.internal.config;

import dev.deliverykit.internal.text.Message;
import java.util.List;

/** The messages of a run whose configuration or JUnit version the kit cannot work with. */
final class SettingMessages {

    private SettingMessages() {}

    /** The configuration parameter {@code key} has a value the kit cannot use, for {@code reason}. */
    static Message badParameter(String key, String value, String reason) {
        return Message.of(
                "DeliveryKit configuration parameter " + key + " = \"" + value + "\" cannot be used: " + reason,
                null,
                "correct or remove it in junit-platform.properties or the -D" + key + " system property");
    }

    /**
     * The run's JUnit is older than the kit supports.
     *
     * @param tooOld each artifact that is too old, with its version
     * @param bom the JUnit BOM version to import
     */
    static Message junitTooOld(String oldestJupiter, String oldestPlatform, List<String> tooOld, String bom) {
        return Message.of(
                "DeliveryKit needs JUnit Jupiter " + oldestJupiter + " or newer and JUnit Platform " + oldestPlatform
                        + " or newer (or JUnit 6), but this test run has " + String.join(", ", tooOld) + ". A BOM in"
                        + " the build's dependency management (a framework's, for example) probably chose this JUnit",
                null,
                "import JUnit's BOM before any other BOM that manages JUnit.\n"
                        + "Maven, first in <dependencyManagement><dependencies>:\n"
                        + "    <dependency>\n"
                        + "      <groupId>org.junit</groupId>\n"
                        + "      <artifactId>junit-bom</artifactId>\n"
                        + "      <version>" + bom + "</version>\n"
                        + "      <type>pom</type>\n"
                        + "      <scope>import</scope>\n"
                        + "    </dependency>\n"
                        + "Gradle, in dependencies { }:\n"
                        + "    testImplementation(platform(\"org.junit:junit-bom:" + bom + "\"))");
    }

    /** A case number {@code caseNumber} below 0, asked of a shard. */
    static String caseBelowZero(int caseNumber) {
        return "cases are numbered from 0, got " + caseNumber;
    }
}
