package dev.deliverykit.benchmarks;

/**
 * How much to measure: the full run for the record, or the smoke run that {@code mvn verify} makes to
 * prove every benchmark executes and its cases still check their invariants (numbers meaningless).
 *
 * @param smoke              whether this is the smoke run
 * @param jmhRounds          rounds of interleaved JMH forks (each compared benchmark gets one fork per round)
 * @param jmhForks           JMH forks per benchmark per round; 0 runs the benchmark in this JVM (smoke only:
 *                           then no benchmark gets its own JVM options)
 * @param jmhWarmups         JMH warm-up iterations per fork
 * @param jmhSweepWarmups    JMH warm-up iterations per fork for B1 and B6's group, which holds B6's sweep: one
 *                           operation of it is a whole {@code @CrashSweep} through the launcher, so
 *                           {@code jmhWarmups} would run only a few, far from the JIT's steady state
 * @param jmhIterations      JMH measured iterations per fork
 * @param jmhIterationMillis length of one JMH iteration
 * @param processRounds      timed rounds of the child-JVM variants
 * @param processWarmupRounds untimed rounds before them
 * @param everyStartupVariant whether B2 times every start-up option alone, or only the defaults and all together
 * @param junitChildren      child JVMs per tool for B7 (each runs the JUnit class's repeated cases)
 * @param sweepRounds        timed rounds of B8's child-process sweep (each runs it once per parallelism), after
 *                           {@code processWarmupRounds} untimed ones
 * @param shardRounds        timed rounds of B9 (each runs the whole sweep and its four shards), after
 *                           {@code processWarmupRounds} untimed ones
 */
public record RunSettings(
        boolean smoke,
        int jmhRounds,
        int jmhForks,
        int jmhWarmups,
        int jmhSweepWarmups,
        int jmhIterations,
        int jmhIterationMillis,
        int processRounds,
        int processWarmupRounds,
        boolean everyStartupVariant,
        int junitChildren,
        int sweepRounds,
        int shardRounds) {

    /** The full run, for the record. */
    public static RunSettings fullRun() {
        return new RunSettings(false, 3, 1, 2, 8, 3, 1000, 9, 1, true, 5, 4, 3);
    }

    /** The smoke run: well under a minute; checks only that everything executes and checks its invariants. */
    public static RunSettings smokeRun() {
        return new RunSettings(true, 1, 0, 0, 0, 1, 100, 1, 0, false, 1, 1, 1);
    }
}
