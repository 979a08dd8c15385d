/**
 * The report room of the JUnit face: the crash report as typed records
 * ({@link dev.deliverykit.junit5.internal.report.Report}), built from this JVM's rows
 * ({@link dev.deliverykit.junit5.internal.report.CaseEntry}), merged across the build's JVMs and shards, written and
 * read by one JSON codec ({@link dev.deliverykit.junit5.internal.report.ReportJson}) and rendered as
 * {@code report.html} and {@code report.md}. Imports nothing of JUnit, so that {@code MergeReports} runs without it;
 * reads the planning and configuration rooms, never execution.
 */
package dev.deliverykit.junit5.internal.report;
