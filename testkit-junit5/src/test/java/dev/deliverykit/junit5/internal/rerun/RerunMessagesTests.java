package dev.deliverykit.junit5.internal.rerun;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDirFactory;

class RerunMessagesTests {

    @Test
    void missingLauncher() {
        assertThat(RerunMessages.missingLauncher("/t/test-classes").clauses())
                .isEqualTo("A CHILD_PROCESS case reruns the test method in a child JVM through the JUnit Platform"
                        + " launcher, but org.junit.platform:junit-platform-launcher is neither on the test class path"
                        + " (/t/test-classes) nor loaded by the test runner. testkit-junit5 depends on it, so the build"
                        + " probably excludes it. Fix: declare it as a test dependency, its version from JUnit's BOM.\n"
                        + "Maven, in <dependencies>:\n"
                        + "    <dependency>\n"
                        + "      <groupId>org.junit.platform</groupId>\n"
                        + "      <artifactId>junit-platform-launcher</artifactId>\n"
                        + "      <scope>test</scope>\n"
                        + "    </dependency>\n"
                        + "Gradle, in dependencies { }:\n"
                        + "    testRuntimeOnly(\"org.junit.platform:junit-platform-launcher\")\n"
                        + "Or run the case in this JVM: mode = CrashMode.IN_PROCESS.");
    }

    @Test
    void ownTempDirFactory() {
        assertThat(RerunMessages.ownTempDirFactory("field dir", TempDirFactory.class)
                        .sentences())
                .isEqualTo("The @TempDir field dir names its own factory (org.junit.jupiter.api.io.TempDirFactory), but"
                        + " in a CHILD_PROCESS case the child JVM must give it the test JVM's directory, which only the"
                        + " default factory lets the kit do. Fix: drop factory = ..., set the factory for the build"
                        + " with junit.jupiter.tempdir.factory.default, or use mode = CrashMode.IN_PROCESS.");
    }

    @Test
    void noTempDir() {
        assertThat(RerunMessages.noTempDir("field:T.dir", List.of("field:T.other"))
                        .sentences())
                .isEqualTo("DeliveryKit child JVM: the @TempDir field:T.dir has no directory of the test JVM to use:"
                        + " the test JVM passes its @TempDir fields and the @TempDir parameters of the test method"
                        + " (passed: [field:T.other]). Fix: declare the directory as a @TempDir field or a parameter of"
                        + " the test method, or use mode = CrashMode.IN_PROCESS.");
    }

    @Test
    void fixtureFailed() {
        assertThat(RerunMessages.fixtureFailed("copy", Path.of("/tmp/junit1/shop.db"), "disk full"))
                .isEqualTo("DeliveryKit could not copy /tmp/junit1/shop.db, a @TempDir file of a CHILD_PROCESS case:"
                        + " disk full");
    }

    @Test
    void caseFileUnwritable() {
        assertThat(RerunMessages.caseFileUnwritable(Path.of("/tmp/case.properties")))
                .isEqualTo("DeliveryKit could not write the child JVM's case file /tmp/case.properties");
    }

    @Test
    void caseFileUnreadable() {
        assertThat(RerunMessages.caseFileUnreadable(Path.of("/tmp/case.properties")))
                .isEqualTo("DeliveryKit child JVM could not read its case file /tmp/case.properties");
    }

    @Test
    void noWorkload() {
        assertThat(RerunMessages.noWorkload("test threw before it ran its workload.", 3))
                .isEqualTo("The test threw before it ran its workload.\n" + "The child JVM halted with exit code 3.");
    }

    @Test
    void parallelismBelowOne() {
        assertThat(RerunMessages.parallelismBelowOne(0)).isEqualTo("parallelism must be at least 1, got 0");
    }

    @Test
    void poolClosed() {
        assertThat(RerunMessages.poolClosed())
                .isEqualTo("DeliveryKit failure: a child JVM was asked for after the run ended");
    }
}
