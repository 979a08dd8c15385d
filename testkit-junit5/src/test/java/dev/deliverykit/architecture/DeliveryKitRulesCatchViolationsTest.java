package dev.deliverykit.architecture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Each rule of {@link DeliveryKitRules} fails on its deliberate violation: the rule, written for a package of
 * {@code dev.deliverykit.architecture.violations} instead of {@code dev.deliverykit}, is checked against that
 * package's classes alone, and its failure must name exactly the offending classes and members, and nothing of
 * the compliant classes beside them.
 */
class DeliveryKitRulesCatchViolationsTest {

    private static final String FIXTURES = "dev.deliverykit.architecture.violations";

    @Test
    void anEngineInternalUsingTheJunitFaceAndAReferenceProtocolUsingTheEngineBreakTheLayers() {
        String kit = FIXTURES + ".layers";
        // HookedRelay's dependency breaks two constraints: the engine's API may not be used by the protocols,
        // and the protocols may use no kit package at all. Each reports it.
        assertViolations(
                DeliveryKitRules::layers,
                kit,
                "Field <" + kit + ".internal.text.ReadsTheFace.face> has type <" + kit + ".junit5.CrashAtFace>"
                        + " in (ReadsTheFace.java:0)",
                "Field <" + kit + ".reference.outbox.HookedRelay.hook> has type <" + kit + ".boundary.Engine>"
                        + " in (HookedRelay.java:0)",
                "Field <" + kit + ".reference.outbox.HookedRelay.hook> has type <" + kit + ".boundary.Engine>"
                        + " in (HookedRelay.java:0)");
    }

    @Test
    void theRootPackageAndOrderNeedingEachOtherIsACycle() {
        String kit = FIXTURES + ".cycles";
        assertViolations(
                DeliveryKitRules::noPackageCycles,
                kit,
                "Cycle detected: Slice " + kit + " -> \n"
                        + "                Slice " + kit + ".order -> \n"
                        + "                Slice " + kit + "\n"
                        + "  1. Dependencies of Slice " + kit + "\n"
                        + "    - Field <" + kit + ".ReplayKey.order> has type <" + kit + ".order.DeliveryOrder>"
                        + " in (ReplayKey.java:0)\n"
                        + "  2. Dependencies of Slice " + kit + ".order\n"
                        + "    - Field <" + kit + ".order.DeliveryOrder.key> has type <" + kit + ".ReplayKey>"
                        + " in (DeliveryOrder.java:0)");
    }

    @Test
    void planningReachingAnEntryPointAndAReportReadingARunBreakTheFaceRooms() {
        String face = FIXTURES + ".rooms.junit5";
        assertViolations(
                DeliveryKitRules::faceRooms,
                FIXTURES + ".rooms",
                "Field <" + face + ".internal.planning.Cases.scenario> has type <" + face + ".HereScenario>"
                        + " in (Cases.java:0)",
                "Field <" + face + ".internal.report.Rows.run> has type <" + face + ".internal.execution.Invocations>"
                        + " in (Rows.java:0)");
    }

    @Test
    void aRoomNeedingAnEntryPointIsACycleThoughReadingTheAnnotationsIsNot() {
        String face = FIXTURES + ".rooms.junit5";
        assertViolations(
                DeliveryKitRules::noPackageCycles,
                FIXTURES + ".rooms",
                "Cycle detected: Slice " + face + " -> \n"
                        + "                Slice " + face + ".internal.execution -> \n"
                        + "                Slice " + face + ".internal.planning -> \n"
                        + "                Slice " + face + "\n"
                        + "  1. Dependencies of Slice " + face + "\n"
                        + "    - Field <" + face + ".HereScenario.invocations> has type <" + face
                        + ".internal.execution.Invocations> in (HereScenario.java:0)\n"
                        + "  2. Dependencies of Slice " + face + ".internal.execution\n"
                        + "    - Field <" + face + ".internal.execution.Invocations.cases> has type <" + face
                        + ".internal.planning.Cases> in (Invocations.java:0)\n"
                        + "  3. Dependencies of Slice " + face + ".internal.planning\n"
                        + "    - Field <" + face + ".internal.planning.Cases.scenario> has type <" + face
                        + ".HereScenario> in (Cases.java:0)");
    }

    @Test
    void aReportUsingJunitIsCaught() {
        String face = FIXTURES + ".rooms.junit5";
        assertViolations(
                DeliveryKitRules::reportKnowsNoJunit,
                FIXTURES + ".rooms",
                "Field <" + face + ".internal.report.Rows.context> has type"
                        + " <org.junit.jupiter.api.extension.ExtensionContext> in (Rows.java:0)");
    }

    @Test
    void internalAndThirdPartyTypesInAPublicSignatureAreCaught() {
        String kit = FIXTURES + ".signatures";
        String plan = kit + ".boundary.LeakyPlan";
        assertViolations(
                DeliveryKitRules::noInternalTypeInPublicSignatures,
                kit,
                "Class <" + plan + "> extends <" + kit + ".internal.text.Wording>",
                "Class <" + plan + "> implements <" + kit + ".internal.text.Rendering>",
                "Constructor <" + plan + ".<init>(net.bytebuddy.ByteBuddy)> names <net.bytebuddy.ByteBuddy>",
                "Field <" + plan + ".wording> has type <" + kit + ".internal.text.Wording>",
                "Method <" + plan + ".factories()> names <com.fasterxml.jackson.core.JsonFactory>");
    }

    @Test
    void byteBuddyOrItsRelocatedCopyOutsideTheWeaverIsCaught() {
        String kit = FIXTURES + ".bytecode";
        assertViolations(
                DeliveryKitRules::bytecodeLibrariesOnlyInInstrument,
                kit,
                "Field <" + kit + ".boundary.WeavesItself.byteBuddy> has type <net.bytebuddy.ByteBuddy>"
                        + " in (WeavesItself.java:0)",
                "Field <" + kit + ".order.UsesTheRelocatedCopy.byteBuddy> has type <" + kit
                        + ".internal.shaded.net.bytebuddy.ByteBuddy> in (UsesTheRelocatedCopy.java:0)");
    }

    @Test
    void aPublicOpenStatefulExtensionIsCaughtThrice() {
        String kit = FIXTURES + ".extensions";
        String extension = kit + ".junit5.StatefulCrashAtExtension";
        assertViolations(
                DeliveryKitRules::extensionsArePackagePrivateFinalAndStateless,
                kit,
                "Class <" + extension + "> does not have modifier FINAL in (StatefulCrashAtExtension.java:0)",
                "Class <" + extension + "> has modifier PUBLIC in (StatefulCrashAtExtension.java:0)",
                "Field <" + extension + ".runs> is state: it is not static final");
    }

    @Test
    void aPublicClassNeitherFinalNorAbstractIsCaught() {
        String kit = FIXTURES + ".finality";
        assertViolations(
                DeliveryKitRules::publicClassesAreFinalUnlessAbstract,
                kit,
                "Class <" + kit + ".boundary.OpenPlan> does not have modifier FINAL in (OpenPlan.java:0)");
    }

    @Test
    void publicTypesWithoutApiStatusAreCaught() {
        String kit = FIXTURES + ".api";
        assertViolations(
                DeliveryKitRules::publicTypesDeclareTheirApiStatus,
                kit,
                "Class <" + kit + ".boundary.Unmarked> is not annotated with @API in (Unmarked.java:0)",
                "Class <" + kit + ".internal.text.Unmarked> is not annotated with @API in (Unmarked.java:0)");
    }

    @Test
    void internalTypesThatAreNotApiInternalAreCaught() {
        String kit = FIXTURES + ".api";
        assertViolations(
                DeliveryKitRules::internalPublicTypesAreApiInternal,
                kit,
                "Class <" + kit + ".internal.text.ClaimsToBeStable> is @API(status = STABLE), not INTERNAL",
                "Class <" + kit + ".internal.text.Unmarked> is not annotated with @API");
    }

    @Test
    void assertionErrorsNamedOtherwiseAreCaught() {
        String kit = FIXTURES + ".errors";
        assertViolations(
                DeliveryKitRules::assertionFailuresAreNamedError,
                kit,
                "Class <" + kit + ".boundary.CrashSwallowedException> does not have simple name ending with 'Error'"
                        + " in (CrashSwallowedException.java:0)",
                "Class <" + kit + ".order.OrderNotHonoured> does not have simple name ending with 'Error'"
                        + " in (OrderNotHonoured.java:0)");
    }

    @Test
    void anAnnotationThatDoesNotComposeIsCaught() {
        String kit = FIXTURES + ".annotations";
        assertViolations(
                DeliveryKitRules::annotationsComposeLikeJunits,
                kit,
                "Annotation <" + kit + ".junit5.CrashSomewhere> lacks @Documented, @Target ANNOTATION_TYPE,"
                        + " @ExtendWith (it is a @TestTemplate)");
    }

    @Test
    void junitsInternalUtilitiesAreCaught() {
        String kit = FIXTURES + ".junitinternals";
        assertViolations(
                DeliveryKitRules::onlyJunitsPublicSupportApiIsUsed,
                kit,
                "Method <" + kit + ".junit5.FindsMethodsItself.methods(java.lang.Class)> calls method"
                        + " <org.junit.platform.commons.util.ReflectionUtils.findMethods(java.lang.Class,"
                        + " java.util.function.Predicate)> in (FindsMethodsItself.java:13)");
    }

    @Test
    void anEngineClassSwitchingTheDispatcherItselfIsCaught() {
        String kit = FIXTURES + ".bridge";
        assertViolations(
                DeliveryKitRules::theDispatcherOnlyBridges,
                kit,
                "Method <" + kit + ".boundary.SwitchesItself.start()> sets field <" + kit
                        + ".internal.instrument.Dispatcher.active> in (SwitchesItself.java:8)");
    }

    @Test
    void aDispatcherWithAnOpenSwitchIsCaught() {
        String kit = FIXTURES + ".bridge";
        assertViolations(
                DeliveryKitRules::theDispatchersStateIsPrivate,
                kit,
                "Field <" + kit + ".internal.instrument.Dispatcher.active> does not have modifier PRIVATE"
                        + " in (Dispatcher.java:0)");
    }

    @Test
    void aRunWritingItsSweepsStateBesideTheFeedbackIsCaught() {
        String kit = FIXTURES + ".sweep";
        String execution = kit + ".junit5.internal.execution";
        assertViolations(
                DeliveryKitRules::runsFeedTheSweepThroughItsFeedback,
                kit,
                "Constructor <" + execution + ".WritesTheSweepState.<init>(" + execution + ".SweepState)> has"
                        + " parameter of type <" + execution + ".SweepState> in (WritesTheSweepState.java:0)",
                "Field <" + execution + ".WritesTheSweepState.sweep> has type <" + execution + ".SweepState>"
                        + " in (WritesTheSweepState.java:0)",
                "Method <" + execution + ".WritesTheSweepState.run()> calls method <" + execution
                        + ".SweepState.recorded()> in (WritesTheSweepState.java:12)");
    }

    @Test
    void aStackWalkerOrATransformerWithAPrefixListOfItsOwnIsCaught() {
        String kit = FIXTURES + ".classifiers";
        assertViolations(
                DeliveryKitRules::frameClassifiersAskTheTableOfKnownLibraries,
                kit,
                "Method <" + kit + ".boundary.OwnPoolList.isPool()> calls"
                        + " method <java.lang.String.startsWith(java.lang.String)> in (OwnPoolList.java:14)",
                "Method <" + kit + ".internal.instrument.OwnRejections.transform(java.lang.ClassLoader,"
                        + " java.lang.String, java.lang.Class, java.security.ProtectionDomain, [B)> calls method"
                        + " <java.lang.String.startsWith(java.lang.String, int)> in (OwnRejections.java:12)");
    }

    @Test
    void everyRuleSaysWhy() {
        List<Function<String, ArchRule>> rules = List.of(
                DeliveryKitRules::layers,
                DeliveryKitRules::noPackageCycles,
                DeliveryKitRules::faceRooms,
                DeliveryKitRules::reportKnowsNoJunit,
                DeliveryKitRules::noInternalTypeInPublicSignatures,
                DeliveryKitRules::bytecodeLibrariesOnlyInInstrument,
                DeliveryKitRules::theDispatcherOnlyBridges,
                DeliveryKitRules::theDispatchersStateIsPrivate,
                DeliveryKitRules::runsFeedTheSweepThroughItsFeedback,
                DeliveryKitRules::extensionsArePackagePrivateFinalAndStateless,
                DeliveryKitRules::publicClassesAreFinalUnlessAbstract,
                DeliveryKitRules::publicTypesDeclareTheirApiStatus,
                DeliveryKitRules::internalPublicTypesAreApiInternal,
                DeliveryKitRules::assertionFailuresAreNamedError,
                DeliveryKitRules::annotationsComposeLikeJunits,
                DeliveryKitRules::onlyJunitsPublicSupportApiIsUsed,
                DeliveryKitRules::frameClassifiersAskTheTableOfKnownLibraries);
        assertThat(rules)
                .allSatisfy(rule -> assertThat(rule.apply("dev.deliverykit").getDescription())
                        .contains(", because "));
    }

    /**
     * Checks {@code rule}, written for the fixture package {@code kit}, against the classes of that package, and
     * asserts that it fails with exactly {@code violations}, in ArchUnit's (alphabetical) order.
     */
    private static void assertViolations(Function<String, ArchRule> ruleFor, String kit, String... violations) {
        ArchRule rule = ruleFor.apply(kit);
        JavaClasses fixture = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
                .importPackages(kit);
        assertThatThrownBy(() -> rule.check(fixture))
                .isExactlyInstanceOf(AssertionError.class)
                .hasMessage("Architecture Violation [Priority: MEDIUM] - Rule '" + rule.getDescription()
                        + "' was violated (" + violations.length + " times):\n" + String.join("\n", violations));
    }
}
