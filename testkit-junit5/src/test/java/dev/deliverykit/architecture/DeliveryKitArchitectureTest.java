package dev.deliverykit.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The architecture suite of the whole kit, on the main classes of every module: testkit-core (the agent jar),
 * testkit-reference and testkit-junit5 are all on this module's test class path. The rules are in
 * {@link DeliveryKitRules}; {@link DeliveryKitRulesCatchViolationsTest} shows each one failing on a deliberate
 * violation.
 */
class DeliveryKitArchitectureTest {

    private static final String KIT = "dev.deliverykit";

    private static JavaClasses kit;

    @BeforeAll
    static void importTheMainClassesOfEveryModule() {
        kit = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(DeliveryKitArchitectureTest::isNotTheRelocatedByteBuddy)
                .importPackages(KIT);
    }

    /** byte-buddy's own classes, relocated into the agent jar: not the kit's code. */
    static boolean isNotTheRelocatedByteBuddy(Location location) {
        return !location.contains("/dev/deliverykit/internal/shaded/");
    }

    @Test
    void theImportHoldsEveryModuleAndNoTestClass() {
        assertThat(kit.stream().map(JavaClass::getName))
                .contains(
                        "dev.deliverykit.boundary.BoundaryEngine",
                        "dev.deliverykit.internal.instrument.KitAgent",
                        "dev.deliverykit.reference.outbox.TransactionalOutbox",
                        "dev.deliverykit.junit5.CrashAt")
                .noneMatch(name -> name.startsWith("dev.deliverykit.architecture."))
                .noneMatch(name -> name.startsWith("dev.deliverykit.internal.shaded."))
                .noneMatch(name -> name.endsWith("Test"));
    }

    @Test
    void layersAreRespected() {
        DeliveryKitRules.layers(KIT).check(kit);
    }

    @Test
    void noPackageCycles() {
        DeliveryKitRules.noPackageCycles(KIT).check(kit);
    }

    @Test
    void faceRoomsAreLayered() {
        DeliveryKitRules.faceRooms(KIT).check(kit);
    }

    @Test
    void reportKnowsNoJunit() {
        DeliveryKitRules.reportKnowsNoJunit(KIT).check(kit);
    }

    @Test
    void noInternalTypeInPublicSignatures() {
        DeliveryKitRules.noInternalTypeInPublicSignatures(KIT).check(kit);
    }

    @Test
    void bytecodeLibrariesOnlyInInstrument() {
        DeliveryKitRules.bytecodeLibrariesOnlyInInstrument(KIT).check(kit);
    }

    @Test
    void theDispatcherOnlyBridges() {
        DeliveryKitRules.theDispatcherOnlyBridges(KIT).check(kit);
    }

    @Test
    void runsFeedTheSweepThroughItsFeedback() {
        DeliveryKitRules.runsFeedTheSweepThroughItsFeedback(KIT).check(kit);
    }

    @Test
    void theDispatchersStateIsPrivate() {
        DeliveryKitRules.theDispatchersStateIsPrivate(KIT).check(kit);
    }

    @Test
    void extensionsArePackagePrivateFinalAndStateless() {
        DeliveryKitRules.extensionsArePackagePrivateFinalAndStateless(KIT).check(kit);
    }

    @Test
    void publicClassesAreFinalUnlessAbstract() {
        DeliveryKitRules.publicClassesAreFinalUnlessAbstract(KIT).check(kit);
    }

    @Test
    void publicTypesDeclareTheirApiStatus() {
        DeliveryKitRules.publicTypesDeclareTheirApiStatus(KIT).check(kit);
    }

    @Test
    void internalPublicTypesAreApiInternal() {
        DeliveryKitRules.internalPublicTypesAreApiInternal(KIT).check(kit);
    }

    @Test
    void assertionFailuresAreNamedError() {
        DeliveryKitRules.assertionFailuresAreNamedError(KIT).check(kit);
    }

    @Test
    void annotationsComposeLikeJunits() {
        DeliveryKitRules.annotationsComposeLikeJunits(KIT).check(kit);
    }

    @Test
    void onlyJunitsPublicSupportApiIsUsed() {
        DeliveryKitRules.onlyJunitsPublicSupportApiIsUsed(KIT).check(kit);
    }

    @Test
    void frameClassifiersAskTheTableOfKnownLibraries() {
        DeliveryKitRules.frameClassifiersAskTheTableOfKnownLibraries(KIT).check(kit);
    }
}
