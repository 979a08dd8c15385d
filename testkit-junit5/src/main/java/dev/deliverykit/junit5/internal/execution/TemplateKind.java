package dev.deliverykit.junit5.internal.execution;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.lang.annotation.Annotation;
import org.apiguardian.api.API;

/**
 * Which kit template an extension serves: the annotation of its feature and the scenario its test method takes. The
 * extensions beside the annotations name both, so that execution needs no link back to them.
 *
 * @param feature the feature's annotation, for example {@code CrashAt.class}
 * @param scenario the scenario type a test of the feature takes, for example {@code CrashScenario.class}
 */
@API(status = INTERNAL, since = "0.1")
public record TemplateKind(Class<? extends Annotation> feature, Class<?> scenario) {}
