package dev.deliverykit.junit5.internal.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SettingMessagesTests {

    @Test
    void badParameter() {
        assertThat(SettingMessages.badParameter("deliverykit.mode", "sometimes", "expected in_process or both")
                        .sentences())
                .isEqualTo("DeliveryKit configuration parameter deliverykit.mode = \"sometimes\" cannot be used:"
                        + " expected in_process or both. Fix: correct or remove it in junit-platform.properties or the"
                        + " -Ddeliverykit.mode system property.");
    }

    @Test
    void junitTooOld() {
        assertThat(SettingMessages.junitTooOld(
                                "5.13",
                                "1.13",
                                List.of("junit-jupiter-api 5.12.2", "junit-platform-engine 1.12.2"),
                                "5.14.1")
                        .clauses())
                .isEqualTo(
                        "DeliveryKit needs JUnit Jupiter 5.13 or newer and JUnit Platform 1.13 or newer (or JUnit 6),"
                                + " but this test run has junit-jupiter-api 5.12.2, junit-platform-engine 1.12.2. A BOM in the"
                                + " build's dependency management (a framework's, for example) probably chose this JUnit. Fix:"
                                + " import JUnit's BOM before any other BOM that manages JUnit.\n"
                                + "Maven, first in <dependencyManagement><dependencies>:\n"
                                + "    <dependency>\n"
                                + "      <groupId>org.junit</groupId>\n"
                                + "      <artifactId>junit-bom</artifactId>\n"
                                + "      <version>5.14.1</version>\n"
                                + "      <type>pom</type>\n"
                                + "      <scope>import</scope>\n"
                                + "    </dependency>\n"
                                + "Gradle, in dependencies { }:\n"
                                + "    testImplementation(platform(\"org.junit:junit-bom:5.14.1\"))");
    }

    @Test
    void caseBelowZero() {
        assertThat(SettingMessages.caseBelowZero(-1)).isEqualTo("cases are numbered from 0, got -1");
    }
}
