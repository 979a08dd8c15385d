/**
 * Schedules of several instances (relays, consumers, schedulers) that run concurrently and stop at their
 * boundaries: which instance goes next at each point, explored exhaustively under a preemption bound (as CHESS
 * does), one schedule per class of equivalent orders (steps that touch nothing in common are not ordered both
 * ways), or sampled with a seeded priority strategy (PCT, as Fray and Lincheck offer). Each schedule has a name
 * people read and a replay key that names it exactly.
 *
 * <pre>{@code
 * List<InstanceSteps> instances = List.of(
 *         new InstanceSteps("relay-a", List.of(
 *                 Step.of("after-claim", Access.write("outbox")),
 *                 Step.of("the end", Access.write("broker")))),
 *         new InstanceSteps("relay-b", List.of(
 *                 Step.of("after-claim", Access.write("outbox")),
 *                 Step.of("the end", Access.write("broker")))));
 * SchedulePlan plan = SchedulePlanner.plan(instances, new ScheduleStrategy.Exhaustive(2, true));
 * plan.schedules().get(1).name(); // "relay-a to after-claim, relay-b to the end, relay-a to the end"
 * plan.schedules().get(1).key();  // "relay-a:1,relay-b:2,relay-a:1"
 * }</pre>
 *
 * <p>This package plans; it runs nothing.
 */
package dev.deliverykit.schedule;
