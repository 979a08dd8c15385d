/**
 * The JUnit Jupiter face of DeliveryKit: crash tests of your own delivery code, and AssertJ-style assertions
 * on invariants.
 *
 * <ul>
 *   <li>{@link dev.deliverykit.junit5.CrashAt}: one invocation per named boundary (from a
 *       {@link dev.deliverykit.junit5.BoundaryCatalogueSource}) or selector spec, each crashing the workload
 *       there, in this JVM or as a real child-process exit;</li>
 *   <li>{@link dev.deliverykit.junit5.CrashSweep}: a crash-free recording run, then one invocation per
 *       commit, statement or catalogue boundary it reached;</li>
 *   <li>{@link dev.deliverykit.junit5.DeliverInOrder}: one invocation per forced arrival order at a consumer
 *       entry point;</li>
 *   <li>{@link dev.deliverykit.junit5.CrashScenario} and {@link dev.deliverykit.junit5.DeliveryScenario}: the
 *       injected parameters that run the workload, the recovery, and check invariants into the crash report;</li>
 *   <li>{@link dev.deliverykit.junit5.CheckInvariant}: invariants declared once per test class, checked after
 *       every invocation;</li>
 *   <li>{@link dev.deliverykit.junit5.Guarantee} and {@link dev.deliverykit.junit5.NotPromised}: which guarantee of
 *       which role a test checks (the report groups them), and which ones the code under a test class does not
 *       promise; the checks of {@link dev.deliverykit.junit5.contract} carry them;</li>
 *   <li>{@link dev.deliverykit.junit5.DeliveryKitConfiguration}: configuration keys, replay, parallel execution
 *       and the report ({@code target/deliverykit/report.json}, {@code report.html}, {@code report.md});</li>
 *   <li>{@link dev.deliverykit.junit5.MergeReports}: the report of a run sharded across CI jobs
 *       ({@code deliverykit.shard}), merged from the jobs' report directories;</li>
 *   <li>{@link dev.deliverykit.junit5.assertions.DeliveryAssertions#assertThat(dev.deliverykit.invariant.Invariant)}:
 *       assertions on invariants anywhere.</li>
 * </ul>
 *
 * <pre>{@code
 * @BoundaryCatalogueSource(OrderBoundaries.class)
 * class OrderServiceCrashTest {
 *     @CrashAt({"after-order-insert", "after-outbox-insert"})
 *     void noOrderWithoutItsMessage(CrashScenario scenario, @TempDir Path dir) throws Exception {
 *         scenario.run(() -> orders(dir).place("o-1"));
 *         scenario.restart(() -> relay(dir).drainAll());
 *         scenario.assertHolds(EXACTLY_ONCE_PER_ORDER);
 *     }
 * }
 *
 * import static dev.deliverykit.junit5.assertions.DeliveryAssertions.assertThat;
 * assertThat(Invariants.exactlyOncePerKey()
 *         .intentsFrom(orchestrator, "SELECT command_id FROM outbox")
 *         .effectsIn(warehouse, "effect", "intent_id")).holds();
 * }</pre>
 */
package dev.deliverykit.junit5;
