package dev.deliverykit.junit5.internal.rerun;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.boundary.ChildLaunch;
import dev.deliverykit.boundary.ChildRunFiles;
import dev.deliverykit.boundary.ChildStarter;
import dev.deliverykit.junit5.internal.config.ChildJvmOptions;
import dev.deliverykit.junit5.internal.config.KitSettings;
import dev.deliverykit.process.ChildProcess;
import dev.deliverykit.process.InheritedJvm;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Starts the child JVM of a {@code CHILD_PROCESS} case that runs a lambda: the test JVM reborn (its options and
 * system properties, see {@link InheritedJvm}; its class path, environment and working directory), running
 * {@link RerunMain}, which reads a case file next to the run's plan from its standard input. Command line:
 * inherited options but the dropped ones, the kit's agent unless inherited, the quick-start options, then the
 * build's and the annotation's options; the system properties set at run time, and where the run's plan and
 * report are, are in the case file, so that the child may have been started ahead ({@link RerunJvmPool}).
 */
@API(status = INTERNAL, since = "0.1")
public final class RerunStarter implements ChildStarter {

    private final RerunCaseFile caseFile;
    private final ChildJvmOptions options;
    private final KitSettings settings;
    private final RerunJvmPool pool;
    private final String caseName;

    public RerunStarter(
            RerunCaseFile caseFile, ChildJvmOptions options, KitSettings settings, RerunJvmPool pool, String caseName) {
        this.caseFile = caseFile;
        this.options = options;
        this.settings = settings;
        this.pool = pool;
        this.caseName = caseName;
    }

    @Override
    public ChildProcess start(ChildRunFiles run) {
        InheritedJvm inherited = InheritedJvm.ofThisJvm().without(options.dropped());
        List<String> command = new ArrayList<>(inherited.commandLineOptions());
        run.agentOptions().stream().filter(option -> !command.contains(option)).forEach(command::add);
        if (!"false".equalsIgnoreCase(System.getProperty(ChildLaunch.QUICK_START_PROPERTY))) {
            command.addAll(ChildLaunch.QUICK_START_OPTIONS);
        }
        command.addAll(options.added());
        Path file = run.plan().resolveSibling("case.properties");
        caseFile.withRun(run, inherited.runtimeProperties()).write(file);
        ChildProcess child = pool.take(command, settings.childTimeout(), caseFile.templateUniqueId());
        child.sendLine(file.toString());
        return child;
    }

    @Override
    public String describe() {
        return "the test method up to scenario.run(...) for " + caseName;
    }
}
