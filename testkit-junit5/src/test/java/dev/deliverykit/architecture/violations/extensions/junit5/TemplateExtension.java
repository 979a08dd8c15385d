package dev.deliverykit.architecture.violations.extensions.junit5;

import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;

/** A contract that extensions share is an interface, not an implementation: not asked to be final (no violation). */
interface TemplateExtension extends TestTemplateInvocationContextProvider, ExecutionCondition {}
