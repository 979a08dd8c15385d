/**
 * The execution room of the JUnit face: a kit template's invocations
 * ({@link dev.deliverykit.junit5.internal.execution.TemplateInvocations}), the run of each case in the engine
 * ({@link dev.deliverykit.junit5.internal.execution.CaseRun}), the narrow extensions that serve an invocation, one
 * per job, and the collector that feeds the report. Uses the planning, rerun, report and configuration rooms;
 * none of them uses it.
 */
package dev.deliverykit.junit5.internal.execution;
