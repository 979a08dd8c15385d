package dev.deliverykit.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaEnumConstant;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Target;
import java.lang.instrument.ClassFileTransformer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.Extension;

/**
 * The architecture of DeliveryKit, one rule per method, each with its reason. The rules are written for a base
 * package: {@code dev.deliverykit} for the kit itself ({@link DeliveryKitArchitectureTest}), or a package of
 * {@code dev.deliverykit.architecture.violations} that mirrors the kit's layout in miniature, holding one
 * deliberate violation of one rule ({@link DeliveryKitRulesCatchViolationsTest}). The rules that hold for any of
 * the kit's artifacts are public, for testkit-spring's tests, which check its classes against them through this
 * module's test jar. The layout they describe:
 * <ul>
 *   <li>{@code <base>.internal..}: the engine's internals (instrument, bootstrap, text, markdown, the relocated
 *       byte-buddy under {@code internal.shaded});</li>
 *   <li>every other package of {@code <base>} (the root package, {@code boundary}, {@code order},
 *       {@code invariant}, {@code process}, and any base package added later): the engine's API;</li>
 *   <li>{@code <base>.junit5..}: the JUnit face, on top: its API package (declarations and the entry points they
 *       name) over its internal rooms ({@code internal.execution}, {@code internal.rerun}, {@code internal.planning},
 *       {@code internal.report}, {@code internal.config});</li>
 *   <li>{@code <base>.reference..}: the reference protocols, code under test like a user's, which know no kit
 *       package; their scenario report ({@code <base>.reference.scenarios..}) drives them with the engine.</li>
 * </ul>
 */
public final class DeliveryKitRules {

    /** The third-party types that the kit uses but never exposes: its bytecode library and JSON. */
    private static final String[] THIRD_PARTY_INTERNALS = {"net.bytebuddy..", "org.objectweb.asm..", "com.fasterxml.."};

    private DeliveryKitRules() {}

    public static ArchRule layers(String base) {
        String internals = "Engine internals";
        String api = "Engine API";
        String face = "JUnit face";
        String protocols = "Reference protocols";
        String scenarios = "Reference scenarios";
        DescribedPredicate<JavaClass> engineApi = resideInAPackage(base + "..")
                .and(not(resideInAnyPackage(base + ".internal..", base + ".junit5..", base + ".reference..")))
                .as("every other package of " + base);
        DescribedPredicate<JavaClass> referenceProtocols = resideInAPackage(base + ".reference..")
                .and(not(resideInAPackage(base + ".reference.scenarios..")))
                .as(base + ".reference.. but its scenarios");
        return layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .layer(internals)
                .definedBy(base + ".internal..")
                .layer(api)
                .definedBy(engineApi)
                .layer(face)
                .definedBy(base + ".junit5..")
                .layer(protocols)
                .definedBy(referenceProtocols)
                .layer(scenarios)
                .definedBy(base + ".reference.scenarios..")
                .whereLayer(face)
                .mayNotBeAccessedByAnyLayer()
                .whereLayer(scenarios)
                .mayNotBeAccessedByAnyLayer()
                .whereLayer(protocols)
                .mayOnlyBeAccessedByLayers(scenarios)
                .whereLayer(protocols)
                .mayNotAccessAnyLayer()
                .whereLayer(api)
                .mayOnlyBeAccessedByLayers(face, scenarios)
                .whereLayer(internals)
                .mayOnlyBeAccessedByLayers(api, face, scenarios)
                .because("the engine's internals serve its API, the JUnit face is one client of that API, and the"
                        + " reference protocols are crashed from outside, exactly as a user's code is: a test hook in"
                        + " them would prove nothing about code that has none");
    }

    public static ArchRule noPackageCycles(String base) {
        return slices().assignedFrom(packagesOf(base))
                .should()
                .beFreeOfCycles()
                .ignoreDependency(resideInAPackage(base + ".junit5.internal.."), faceDeclarations(base))
                .because("a package that needs another which needs it back cannot be understood, tested or moved"
                        + " on its own (the face's rooms read the annotations they execute, which name their"
                        + " extensions, as JUnit's engine reads org.junit.jupiter.api: the rooms' own order is"
                        + " faceRooms)");
    }

    /**
     * The rooms of the JUnit face, in layers. On top, the entry points users reach through the annotations (the
     * extensions, the scenarios, MergeReports); below them, execution, which alone uses the rerun child; then
     * planning, the report and configuration; at the bottom, the declarations every room reads (annotations,
     * enums, configuration keys).
     */
    public static ArchRule faceRooms(String base) {
        String face = base + ".junit5";
        String entryPoints = "Face entry points";
        String execution = "Execution";
        String rerun = "Rerun child";
        String planning = "Planning";
        String report = "Report";
        String config = "Configuration";
        String declarations = "Face declarations";
        return layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .layer(entryPoints)
                .definedBy(
                        resideInAPackage(face).and(not(faceDeclarations(base))).as("the rest of " + face))
                .layer(execution)
                .definedBy(face + ".internal.execution..")
                .layer(rerun)
                .definedBy(face + ".internal.rerun..")
                .layer(planning)
                .definedBy(face + ".internal.planning..")
                .layer(report)
                .definedBy(face + ".internal.report..")
                .layer(config)
                .definedBy(face + ".internal.config..")
                .layer(declarations)
                .definedBy(faceDeclarations(base))
                .whereLayer(entryPoints)
                .mayOnlyBeAccessedByLayers(declarations)
                .whereLayer(execution)
                .mayOnlyBeAccessedByLayers(entryPoints)
                .whereLayer(rerun)
                .mayOnlyBeAccessedByLayers(execution)
                .whereLayer(planning)
                .mayOnlyBeAccessedByLayers(entryPoints, execution, report)
                .whereLayer(report)
                .mayOnlyBeAccessedByLayers(entryPoints, execution)
                .whereLayer(config)
                .mayOnlyBeAccessedByLayers(entryPoints, execution, rerun, planning, report)
                .because("a kit test flows down the rooms: an annotation's extension runs the invocations, which"
                        + " plan their cases, rerun them in a child JVM and feed the report; a room that reached up"
                        + " (planning into a run, the report into JUnit's execution) could no longer be read, tested"
                        + " or changed on its own");
    }

    public static ArchRule reportKnowsNoJunit(String base) {
        return noClasses()
                .that()
                .resideInAPackage(base + ".junit5.internal.report..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.junit..")
                .because("MergeReports merges the reports of sharded CI jobs on a class path without JUnit, and the"
                        + " report is made of plain values, whatever launcher ran the tests");
    }

    public static ArchRule noInternalTypeInPublicSignatures(String base) {
        return classes()
                .that()
                .resideInAPackage(base + "..")
                .and()
                .resideOutsideOfPackage("..internal..")
                .and(areVisibleFromOutside())
                .should(exposeNoTypeFrom(base + ".internal.shaded..", "..internal..", THIRD_PARTY_INTERNALS))
                .because("what a public signature names, users compile against: an internal package, the relocated"
                        + " byte-buddy, byte-buddy, ASM or Jackson there would be an API the kit cannot change or"
                        + " drop");
    }

    public static ArchRule bytecodeLibrariesOnlyInInstrument(String base) {
        return noClasses()
                .that()
                .resideInAPackage(base + "..")
                .and()
                .resideOutsideOfPackage(base + ".internal.instrument..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("net.bytebuddy..", "org.objectweb.asm..", base + ".internal.shaded..")
                .because("byte-buddy and ASM are relocated inside the agent jar for the weaver alone; code elsewhere"
                        + " that used them would tie the engine to the bytecode library and break when it is"
                        + " relocated or replaced");
    }

    static ArchRule theDispatcherOnlyBridges(String base) {
        String instrument = base + ".internal.instrument";
        return noClasses()
                .that()
                .resideOutsideOfPackage(instrument)
                .should()
                .accessClassesThat()
                .haveFullyQualifiedName(instrument + ".Dispatcher")
                .because("the Dispatcher is the bridge woven code calls, as Mockito's MockMethodDispatcher is: the"
                        + " engine switches it through EngineControls, so that what steers the run and what the"
                        + " woven code reads on its fast path cannot be changed from anywhere else");
    }

    static ArchRule theDispatchersStateIsPrivate(String base) {
        return fields().that()
                .areDeclaredIn(base + ".internal.instrument.Dispatcher")
                .should()
                .bePrivate()
                .because("woven code in every loaded class reads the Dispatcher's switch on its fast path; state that"
                        + " others can write there is a second way to steer a run, beside EngineControls");
    }

    static ArchRule runsFeedTheSweepThroughItsFeedback(String base) {
        String execution = base + ".junit5.internal.execution";
        return noClasses()
                .that()
                .areAssignableTo(execution + ".CaseRun")
                .should()
                .dependOnClassesThat()
                .haveFullyQualifiedName(execution + ".SweepState")
                .because("a sweep's state is what the provider's lazy stream reads to make the next cases: a run"
                        + " tells it what it found through the narrow SweepFeedback, so that the sweep's writers are"
                        + " that interface's few calls, not any method of a run");
    }

    public static ArchRule extensionsArePackagePrivateFinalAndStateless(String base) {
        return classes()
                .that()
                .resideInAPackage(base + "..")
                .and()
                .implement(Extension.class)
                .should()
                .notBePublic()
                .andShould()
                .haveModifier(JavaModifier.FINAL)
                .andShould(keepNoState())
                .because("users register an extension through its annotation, never by its class; JUnit may share"
                        + " one instance between tests and threads, so the state of a run belongs in its"
                        + " ExtensionContext.Store");
    }

    /** Meant for extension: an abstract class (interfaces, enums, records and annotations are not classes here). */
    public static ArchRule publicClassesAreFinalUnlessAbstract(String base) {
        return classes()
                .that()
                .resideInAPackage(base + "..")
                .and()
                .arePublic()
                .and()
                .areNotInterfaces()
                .and()
                .areNotEnums()
                .and()
                .areNotRecords()
                .and()
                .areNotAnnotations()
                .and()
                .doNotHaveModifier(JavaModifier.ABSTRACT)
                .should()
                .haveModifier(JavaModifier.FINAL)
                .because("a public class that is not designed for extension is final (one meant for extension says"
                        + " so by being abstract), so that the kit can change it without breaking a subclass");
    }

    public static ArchRule publicTypesDeclareTheirApiStatus(String base) {
        return classes()
                .that()
                .resideInAPackage(base + "..")
                .and()
                .arePublic()
                .and()
                .areTopLevelClasses()
                .should()
                .beAnnotatedWith(API.class)
                .because("users read @API (apiguardian, as JUnit marks its own types) to know what they may rely on");
    }

    public static ArchRule internalPublicTypesAreApiInternal(String base) {
        return classes()
                .that()
                .resideInAPackage(base + "..")
                .and()
                .resideInAPackage("..internal..")
                .and()
                .arePublic()
                .and()
                .areTopLevelClasses()
                .should(haveApiStatus(API.Status.INTERNAL))
                .because("a type in an internal package is public only for the kit's other packages or modules;"
                        + " @API(status = INTERNAL) tells users and tools so");
    }

    public static ArchRule assertionFailuresAreNamedError(String base) {
        return classes()
                .that()
                .resideInAPackage(base + "..")
                .and()
                .areAssignableTo(AssertionError.class)
                .should()
                .haveSimpleNameEndingWith("Error")
                .because("an AssertionError is not an Exception: a catch (Exception e) does not catch it, and its"
                        + " name must not suggest otherwise");
    }

    public static ArchRule annotationsComposeLikeJunits(String base) {
        return classes()
                .that()
                .resideInAPackage(base + ".junit5..")
                .and()
                .areAnnotations()
                .and()
                .arePublic()
                .should(beDocumentedMetaAnnotations())
                .because("the kit's annotations must compose like JUnit's own (@ParameterizedTest, @Timeout): usable"
                        + " as meta-annotations, shown in Javadoc, and a test template brings its extension");
    }

    public static ArchRule onlyJunitsPublicSupportApiIsUsed(String base) {
        return noClasses()
                .that()
                .resideInAPackage(base + "..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.junit.platform.commons.util..")
                .because("org.junit.platform.commons.util is internal to JUnit and changes without notice; use"
                        + " AnnotationSupport and ReflectionSupport");
    }

    /**
     * Whoever walks a stack or transforms class files tells frames and classes apart through the table of known
     * libraries ({@code internal.instrument.KnownLibrary}) and the kit's code sources ({@code KitClasses}), never
     * through prefixes of its own: the classifiers that kept their own lists drifted apart.
     */
    static ArchRule frameClassifiersAskTheTableOfKnownLibraries(String base) {
        return noClasses()
                .that()
                .resideInAPackage(base + "..")
                .and(walkStacksOrTransformClasses())
                .should()
                .callMethod(String.class, "startsWith", String.class)
                .orShould()
                .callMethod(String.class, "startsWith", String.class, int.class)
                .because("a prefix list of its own in a class that tells frames or classes apart drifts from the"
                        + " others (a pool one of them knows and another names as a crash site); add a library to"
                        + " KnownLibrary, where every classifier sees it");
    }

    private static DescribedPredicate<JavaClass> walkStacksOrTransformClasses() {
        return DescribedPredicate.describe(
                "walk stacks or transform class files",
                type -> type.isAssignableTo(ClassFileTransformer.class)
                        || type.getMethodCallsFromSelf().stream()
                                .anyMatch(call -> call.getTargetOwner().isEquivalentTo(StackWalker.class)));
    }

    /**
     * The declarations of the JUnit face that every room may read: its annotations, its enums and its holders of
     * configuration keys (classes of constants alone).
     */
    private static DescribedPredicate<JavaClass> faceDeclarations(String base) {
        return resideInAPackage(base + ".junit5")
                .and(DescribedPredicate.describe(
                        "are annotations, enums or constants",
                        type -> type.isAnnotation() || type.isEnum() || holdsConstantsOnly(type)))
                .as("the annotations, enums and constants of " + base + ".junit5");
    }

    private static boolean holdsConstantsOnly(JavaClass type) {
        return type.getMethods().isEmpty()
                && !type.getFields().isEmpty()
                && type.getFields().stream()
                        .allMatch(field ->
                                field.getModifiers().containsAll(List.of(JavaModifier.STATIC, JavaModifier.FINAL)));
    }

    /** One slice per package under {@code base}, the root package included. */
    private static SliceAssignment packagesOf(String base) {
        return new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass type) {
                String name = type.getPackageName();
                return name.equals(base) || name.startsWith(base + ".")
                        ? SliceIdentifier.of(name)
                        : SliceIdentifier.ignore();
            }

            @Override
            public String getDescription() {
                return "the packages of " + base;
            }
        };
    }

    /** Public, and every enclosing class public too: reachable from users' code. */
    private static DescribedPredicate<JavaClass> areVisibleFromOutside() {
        return DescribedPredicate.describe("are visible from outside their package", type -> {
            for (Optional<JavaClass> c = Optional.of(type);
                    c.isPresent();
                    c = c.get().getEnclosingClass()) {
                if (!c.get().getModifiers().contains(JavaModifier.PUBLIC)) {
                    return false;
                }
            }
            return true;
        });
    }

    private static ArchCondition<JavaClass> exposeNoTypeFrom(String shaded, String internal, String... thirdParty) {
        List<String> packages = new ArrayList<>(List.of(shaded, internal));
        packages.addAll(Arrays.asList(thirdParty));
        DescribedPredicate<JavaClass> forbidden = resideInAnyPackage(packages.toArray(String[]::new));
        return new ArchCondition<>("expose no type of " + packages + " in a public or protected signature") {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                Map<String, List<JavaType>> signature = new LinkedHashMap<>();
                type.getRawSuperclass()
                        .ifPresent(superclass -> signature.put(
                                type.getDescription() + " extends",
                                List.of(type.getSuperclass().orElseThrow())));
                if (!type.getInterfaces().isEmpty()) {
                    signature.put(type.getDescription() + " implements", List.copyOf(type.getInterfaces()));
                }
                for (JavaField field : type.getFields()) {
                    if (visible(field)) {
                        signature.put(field.getDescription() + " has type", List.of(field.getType()));
                    }
                }
                for (JavaCodeUnit unit : type.getCodeUnits()) {
                    if (visible(unit) && !unit.getModifiers().contains(JavaModifier.SYNTHETIC)) {
                        List<JavaType> types = new ArrayList<>(unit.getParameterTypes());
                        types.add(unit.getReturnType());
                        unit.getThrowsClause().getTypes().forEach(types::add);
                        signature.put(unit.getDescription() + " names", types);
                    }
                }
                signature.forEach((where, types) -> types.stream()
                        .flatMap(t -> t.getAllInvolvedRawTypes().stream())
                        .filter(forbidden)
                        .distinct()
                        .forEach(leaked -> events.add(
                                SimpleConditionEvent.violated(type, where + " <" + leaked.getName() + ">"))));
            }
        };
    }

    private static boolean visible(JavaMember member) {
        return member.getModifiers().contains(JavaModifier.PUBLIC)
                || member.getModifiers().contains(JavaModifier.PROTECTED);
    }

    private static ArchCondition<JavaClass> keepNoState() {
        return new ArchCondition<>("keep no state (no field that is not static final)") {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                for (JavaField field : type.getFields()) {
                    if (!field.getModifiers().containsAll(List.of(JavaModifier.STATIC, JavaModifier.FINAL))) {
                        events.add(SimpleConditionEvent.violated(
                                field, field.getDescription() + " is state: it is not static final"));
                    }
                }
            }
        };
    }

    private static ArchCondition<JavaClass> haveApiStatus(API.Status status) {
        return new ArchCondition<>("be annotated with @API(status = " + status + ")") {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                Optional<String> declared = type.tryGetAnnotationOfType(API.class.getName())
                        .flatMap(annotation -> annotation.get("status"))
                        .map(value -> ((JavaEnumConstant) value).name());
                if (declared.isEmpty()) {
                    events.add(SimpleConditionEvent.violated(
                            type, "Class <" + type.getName() + "> is not annotated with @API"));
                } else if (!declared.get().equals(status.name())) {
                    events.add(SimpleConditionEvent.violated(
                            type,
                            "Class <" + type.getName() + "> is @API(status = " + declared.get() + "), not " + status));
                }
            }
        };
    }

    private static ArchCondition<JavaClass> beDocumentedMetaAnnotations() {
        return new ArchCondition<>(
                "be @Documented, target ANNOTATION_TYPE, and bring their extension if they are" + " test templates") {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                List<String> missing = new ArrayList<>();
                if (!type.isAnnotatedWith(Documented.class)) {
                    missing.add("@Documented");
                }
                List<String> targets = type.tryGetAnnotationOfType(Target.class.getName())
                        .flatMap(target -> target.get("value"))
                        .map(value -> Arrays.stream((Object[]) value)
                                .map(t -> ((JavaEnumConstant) t).name())
                                .toList())
                        .orElse(List.of());
                if (!targets.contains(ElementType.ANNOTATION_TYPE.name())) {
                    missing.add("@Target ANNOTATION_TYPE");
                }
                if (type.isAnnotatedWith(TestTemplate.class) && !type.isAnnotatedWith(ExtendWith.class)) {
                    missing.add("@ExtendWith (it is a @TestTemplate)");
                }
                if (!missing.isEmpty()) {
                    events.add(SimpleConditionEvent.violated(
                            type, "Annotation <" + type.getName() + "> lacks " + String.join(", ", missing)));
                }
            }
        };
    }
}
