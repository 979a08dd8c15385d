package dev.deliverykit.internal.instrument;

import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isSynthetic;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.none;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.returns;

import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.scaffold.MethodGraph;
import net.bytebuddy.dynamic.scaffold.TypeValidation;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.utility.JavaModule;

/**
 * The ordered-delivery entry points, woven with ByteBuddy's {@code AgentBuilder} and {@code Advice}
 * ({@link EntryPointAdvice}, {@link ReturningEntryPointAdvice}: skipping the body, replacing the return
 * value). Only a JVM that uses ordered delivery creates this class, and so loads ByteBuddy's weaving.
 */
final class EntryPointWeaving {

    /** Receives an error that left a type without its advice. */
    interface Problems {
        void add(String typeName, ClassLoader loader, boolean loaded, Throwable error);
    }

    /** Never instrumented: ByteBuddy, this package, synthetic classes. */
    private static final ElementMatcher.Junction<TypeDescription> KIT_AND_SYNTHETIC = nameStartsWith("net.bytebuddy.")
            .or(nameStartsWith(EntryPointWeaving.class.getPackageName() + "."))
            .or(isSynthetic());

    /**
     * Advice is only woven into methods a type declares, so the method graph of declared methods is enough
     * (the full graph resolves every super type); and the types are only redefined, never new.
     */
    private static final ByteBuddy BYTE_BUDDY =
            new ByteBuddy().with(TypeValidation.DISABLED).with(MethodGraph.Compiler.ForDeclaredMethods.INSTANCE);

    private final Instrumentation instrumentation;
    private final Predicate<ClassLoader> seesKit;
    private final Problems problems;
    private final Map<String, List<MethodTarget>> known = new LinkedHashMap<>();
    private final Set<String> wovenTypes = ConcurrentHashMap.newKeySet();

    EntryPointWeaving(Instrumentation instrumentation, Predicate<ClassLoader> seesKit, Problems problems) {
        this.instrumentation = instrumentation;
        this.seesKit = seesKit;
        this.problems = problems;
    }

    boolean isWoven(String typeName) {
        return wovenTypes.contains(typeName);
    }

    /**
     * Weaves {@link EntryPointAdvice} into the {@code void} targets not woven yet and
     * {@link ReturningEntryPointAdvice} into the others.
     */
    void ensure(List<MethodTarget> targets) {
        Map<String, ElementMatcher.Junction<MethodDescription>> matchers = freshMatchers(targets);
        if (matchers.isEmpty()) {
            return;
        }
        new AgentBuilder.Default(BYTE_BUDDY)
                .disableClassFormatChanges()
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                .with(new RetransformationErrors())
                .with(new Recorder())
                .ignore(KIT_AND_SYNTHETIC)
                .type(new NamedTypes(matchers.keySet()))
                .transform((builder, type, loader, module, domain) -> {
                    ElementMatcher.Junction<MethodDescription> methods = matchers.get(type.getName());
                    return builder.visit(Advice.to(EntryPointAdvice.class).on(methods.and(returns(void.class))))
                            .visit(Advice.to(EntryPointAdvice.class, ReturningEntryPointAdvice.class)
                                    .on(methods.and(not(returns(void.class)))));
                })
                .installOn(instrumentation);
    }

    /** Per type, a matcher of the targets not known yet; records them as known. */
    private Map<String, ElementMatcher.Junction<MethodDescription>> freshMatchers(List<MethodTarget> targets) {
        Map<String, List<MethodTarget>> fresh = new LinkedHashMap<>();
        for (MethodTarget target : targets) {
            List<MethodTarget> earlier = known.computeIfAbsent(target.typeName(), t -> new ArrayList<>());
            if (!earlier.contains(target)) {
                fresh.computeIfAbsent(target.typeName(), t -> new ArrayList<>()).add(target);
            }
        }
        Map<String, ElementMatcher.Junction<MethodDescription>> matchers = new LinkedHashMap<>();
        for (Map.Entry<String, List<MethodTarget>> entry : fresh.entrySet()) {
            List<MethodTarget> earlier = known.get(entry.getKey());
            matchers.put(entry.getKey(), anyOf(entry.getValue()).and(not(anyOf(earlier))));
            earlier.addAll(entry.getValue());
        }
        return matchers;
    }

    private static ElementMatcher.Junction<MethodDescription> anyOf(List<MethodTarget> targets) {
        ElementMatcher.Junction<MethodDescription> matcher = none();
        for (MethodTarget target : targets) {
            ElementMatcher.Junction<MethodDescription> one =
                    named(target.methodName()).and(not(isAbstract()));
            if (target.parameterTypes() != null) {
                List<String> wanted = target.parameterTypes();
                one = one.and(method -> method.getParameters().asTypeList().asErasures().stream()
                        .map(TypeDescription::getActualName)
                        .collect(Collectors.toList())
                        .equals(wanted));
            }
            matcher = matcher.or(one);
        }
        return matcher;
    }

    /** The named types, when their class loader can see the kit. */
    private final class NamedTypes implements AgentBuilder.RawMatcher {
        private final Set<String> names;

        NamedTypes(Set<String> names) {
            this.names = new LinkedHashSet<>(names);
        }

        @Override
        public boolean matches(
                TypeDescription type,
                ClassLoader loader,
                JavaModule module,
                Class<?> beingRedefined,
                ProtectionDomain domain) {
            if (!names.contains(type.getName())) {
                return false;
            }
            if (!seesKit.test(loader)) {
                problems.add(
                        type.getName(),
                        loader,
                        beingRedefined != null,
                        new IllegalStateException(WeavingMessages.noAdvice()));
                return false;
            }
            return true;
        }
    }

    /** Keeps transformer errors and remembers what was woven. */
    private final class Recorder extends AgentBuilder.Listener.Adapter {
        @Override
        public void onTransformation(
                TypeDescription type, ClassLoader loader, JavaModule module, boolean loaded, DynamicType dynamicType) {
            wovenTypes.add(type.getName());
        }

        @Override
        public void onError(String typeName, ClassLoader loader, JavaModule module, boolean loaded, Throwable error) {
            problems.add(typeName, loader, loaded, error);
        }
    }

    /** Keeps errors of retransforming already-loaded classes (for example an unmodifiable class). */
    private final class RetransformationErrors extends AgentBuilder.RedefinitionStrategy.Listener.Adapter {
        @Override
        public Iterable<? extends List<Class<?>>> onError(
                int index, List<Class<?>> batch, Throwable error, List<Class<?>> types) {
            for (Class<?> type : batch) {
                problems.add(type.getName(), type.getClassLoader(), true, error);
            }
            return Collections.emptyList();
        }
    }
}
