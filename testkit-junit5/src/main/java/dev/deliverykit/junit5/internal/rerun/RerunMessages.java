package dev.deliverykit.junit5.internal.rerun;

import dev.deliverykit.internal.text.Message;
import java.nio.file.Path;
import java.util.Collection;

/** The messages of a CHILD_PROCESS case that its child JVM cannot rerun. */
final class RerunMessages {

    private RerunMessages() {}

    /** The JUnit Platform launcher, which the child runs the test with, is not on the test class path. */
    static Message missingLauncher(String testClassPath) {
        return Message.of(
                "A CHILD_PROCESS case reruns the test method in a child JVM through the JUnit Platform launcher, but"
                        + " org.junit.platform:junit-platform-launcher is neither on the test class path ("
                        + testClassPath + ") nor loaded by the test runner. testkit-junit5 depends on it, so the build"
                        + " probably excludes it",
                null,
                "declare it as a test dependency, its version from JUnit's BOM.\n"
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

    /** A {@code @TempDir} names its own factory, which cannot give the child the test JVM's directory. */
    static Message ownTempDirFactory(String where, Class<?> factory) {
        return Message.of(
                "The @TempDir " + where + " names its own factory (" + factory.getName() + "), but in a CHILD_PROCESS"
                        + " case the child JVM must give it the test JVM's directory, which only the default factory"
                        + " lets the kit do",
                null,
                "drop factory = ..., set the factory for the build with junit.jupiter.tempdir.factory.default, or use"
                        + " mode = CrashMode.IN_PROCESS");
    }

    /** The child has no test JVM directory for a {@code @TempDir}. */
    static Message noTempDir(String key, Collection<String> passed) {
        return Message.of(
                "DeliveryKit child JVM: the @TempDir " + key + " has no directory of the test JVM to use: the test JVM"
                        + " passes its @TempDir fields and the @TempDir parameters of the test method (passed: "
                        + passed + ")",
                null,
                "declare the directory as a @TempDir field or a parameter of the test method, or use"
                        + " mode = CrashMode.IN_PROCESS");
    }

    /** The {@code what} of {@code path}, a {@code @TempDir} file of a child's case, failed, as {@code failure} says. */
    static String fixtureFailed(String what, Path path, String failure) {
        return "DeliveryKit could not " + what + " " + path + ", a @TempDir file of a CHILD_PROCESS case: " + failure;
    }

    /** The case file {@code file} for a child JVM could not be written. */
    static String caseFileUnwritable(Path file) {
        return "DeliveryKit could not write the child JVM's case file " + file;
    }

    /** The child JVM could not read its case file {@code file}. */
    static String caseFileUnreadable(Path file) {
        return "DeliveryKit child JVM could not read its case file " + file;
    }

    /** The child ended before its workload, as {@code why} says, with {@code exitCode}. */
    static String noWorkload(String why, int exitCode) {
        return "The " + why + "\nThe child JVM halted with exit code " + exitCode + ".";
    }

    /** A pool of child JVMs for {@code parallelism} below 1. */
    static String parallelismBelowOne(int parallelism) {
        return "parallelism must be at least 1, got " + parallelism;
    }

    /** A child JVM asked of the pool after the run ended. */
    static String poolClosed() {
        return "DeliveryKit failure: a child JVM was asked for after the run ended";
    }
}
