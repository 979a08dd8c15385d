package dev.deliverykit.internal.instrument;

import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Retransforms already-loaded classes so that the installed transformers weave them, keeping every error as an
 * {@link InstrumentationProblem} with its class, once.
 */
final class Retransformation {

    /** Classes retransformed per {@code retransformClasses} call; a failing batch is retried class by class. */
    private static final int RETRANSFORM_BATCH = 64;

    private final Instrumentation instrumentation;
    /** The instrumenter's problems: a synchronized list, which the transformers add to as well. */
    private final List<InstrumentationProblem> problems;

    Retransformation(Instrumentation instrumentation, List<InstrumentationProblem> problems) {
        this.instrumentation = instrumentation;
        this.problems = problems;
    }

    /**
     * Retransforms already-loaded classes in batches; a batch that fails is retried class by class, so that
     * each error is kept with its class. The weaver keeps its own errors (the class then stays as it was).
     */
    void retransform(List<Class<?>> types) {
        for (int from = 0; from < types.size(); from += RETRANSFORM_BATCH) {
            List<Class<?>> batch = types.subList(from, Math.min(types.size(), from + RETRANSFORM_BATCH));
            int mark = problems.size();
            try {
                instrumentation.retransformClasses(batch.toArray(new Class<?>[0]));
            } catch (UnmodifiableClassException | RuntimeException | LinkageError batchFailed) {
                for (Class<?> type : batch) {
                    try {
                        instrumentation.retransformClasses(type);
                    } catch (UnmodifiableClassException | RuntimeException | LinkageError error) {
                        problems.add(new InstrumentationProblem(
                                type.getName(), Instrumenter.describe(type.getClassLoader()), true, error));
                    }
                }
                dropRepeatsSince(mark);
            }
        }
    }

    /**
     * Drops the problems kept since {@code mark} that repeat an earlier one of them (same class, loader and
     * error text): a failed batch is retried class by class, and the weaver reports its errors again then.
     */
    private void dropRepeatsSince(int mark) {
        synchronized (problems) {
            Set<String> seen = new HashSet<>();
            List<InstrumentationProblem> fresh = new ArrayList<>(problems.subList(mark, problems.size()));
            problems.subList(mark, problems.size()).clear();
            for (InstrumentationProblem problem : fresh) {
                if (seen.add(problem.describe())) {
                    problems.add(problem);
                }
            }
        }
    }
}
