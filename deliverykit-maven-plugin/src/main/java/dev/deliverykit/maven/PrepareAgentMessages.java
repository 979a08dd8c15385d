package dev.deliverykit.maven;

import java.nio.file.Path;

/** What the prepare-agent goal says: each message once. */
final class PrepareAgentMessages {

    private PrepareAgentMessages() {}

    static String noExtension(String project) {
        return "DeliveryKit's prepare-agent found no dev.deliverykit:testkit-junit5 among the test dependencies of "
                + project + ": the agent is for the kit's crash tests, which need it. Add it (its version from"
                + " deliverykit-bom):\n"
                + "    <dependency>\n"
                + "      <groupId>dev.deliverykit</groupId>\n"
                + "      <artifactId>testkit-junit5</artifactId>\n"
                + "      <scope>test</scope>\n"
                + "    </dependency>\n"
                + "or leave deliverykit-maven-plugin out of this module's build.";
    }

    static String noAgent(String project, String extension) {
        return "DeliveryKit's prepare-agent found " + extension + " among the test dependencies of " + project
                + ", but not dev.deliverykit:testkit-core, the agent's jar, which testkit-junit5 brings: remove the"
                + " <exclusion> of testkit-core from the dependencies of " + project + ".";
    }

    static String notAJar(String project, String agent, Path file) {
        return "DeliveryKit's prepare-agent needs the testkit-core jar as the agent of " + project + "'s tests, but "
                + agent + " resolved to " + (file == null ? "no file" : file) + ", which is not a jar (a module of"
                + " the same build that is not packaged yet): build the modules up to the package phase (mvn verify),"
                + " or install testkit-core first.";
    }

    static String set(String property, String value) {
        return property + " set to " + value;
    }

    static String skipped(String reason) {
        return "DeliveryKit's prepare-agent skipped: " + reason + " is set.";
    }
}
