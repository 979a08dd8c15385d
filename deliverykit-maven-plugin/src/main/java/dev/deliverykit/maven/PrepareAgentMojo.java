package dev.deliverykit.maven;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.nio.file.Path;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;
import org.apiguardian.api.API;

/**
 * {@code prepare-agent}: appends {@code -javaagent:} the testkit-core jar of the project's test dependencies to the
 * property surefire and failsafe read their JVM options from ({@code argLine}), keeping what it holds: the user's
 * options, JaCoCo's agent (whose goal puts it first, before or after this one runs) and, through {@code @{argLine}}
 * in surefire's configuration, Mockito's.
 */
@API(status = EXPERIMENTAL, since = "0.1")
@Mojo(
        name = "prepare-agent",
        defaultPhase = LifecyclePhase.INITIALIZE,
        requiresDependencyResolution = ResolutionScope.TEST,
        threadSafe = true)
public final class PrepareAgentMojo extends AbstractMojo {

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    /** The property to append the agent to: surefire and failsafe read {@code argLine}. */
    @Parameter(property = "deliverykit.propertyName", defaultValue = "argLine")
    private String propertyName;

    /** Skips the goal, as when the tests do not run. */
    @Parameter(property = "deliverykit.skip", defaultValue = "false")
    private boolean skip;

    @Parameter(property = "skipTests", defaultValue = "false")
    private boolean skipTests;

    @Parameter(property = "maven.test.skip", defaultValue = "false")
    private boolean skipTestCompilation;

    /** Creates the goal; Maven sets its parameters. */
    public PrepareAgentMojo() {}

    @Override
    public void execute() throws MojoFailureException {
        String skipReason = skipReason();
        if (skipReason != null) {
            getLog().info(PrepareAgentMessages.skipped(skipReason));
            // a configuration that says @{argLine} must still find the property
            if (currentValue() == null) {
                project.getProperties().setProperty(propertyName, "");
            }
            return;
        }
        Path jar;
        try {
            jar = KitArtifacts.agentJar(project.getId(), project.getArtifacts());
        } catch (KitArtifacts.MissingKitException missing) {
            throw new MojoFailureException(missing.getMessage(), missing);
        }
        String value = ArgLine.withAgent(currentValue(), jar);
        project.getProperties().setProperty(propertyName, value);
        getLog().info(PrepareAgentMessages.set(propertyName, value));
    }

    private String skipReason() {
        if (skip) {
            return "deliverykit.skip";
        }
        if (skipTests) {
            return "skipTests";
        }
        return skipTestCompilation ? "maven.test.skip" : null;
    }

    private String currentValue() {
        return project.getProperties().getProperty(propertyName);
    }
}
