package dev.deliverykit.architecture.violations.rooms.junit5.internal.report;

import dev.deliverykit.architecture.violations.rooms.junit5.internal.execution.Invocations;
import org.junit.jupiter.api.extension.ExtensionContext;

/** VIOLATION: a report that reads a run of the execution room, and JUnit's context. */
public final class Rows {
    Invocations run;
    ExtensionContext context;
}
