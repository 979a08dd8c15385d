package dev.deliverykit.spring.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.deliverykit.architecture.DeliveryKitRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * testkit-spring's main classes against the kit's architecture rules ({@link DeliveryKitRules}, from testkit-junit5's
 * test jar: the rules that hold for every artifact of the kit) and its own ({@link SpringRules}). The face's layers
 * and rooms are testkit-junit5's; the extensions' rule is not applied: {@code SpringProcess} is registered by its
 * instance ({@code @RegisterExtension}), so it is public, and it keeps each test's run in the test's store.
 */
class SpringArchitectureTest {

    private static final String SPRING = "dev.deliverykit.spring";

    private static JavaClasses spring;

    @BeforeAll
    static void importTheMainClasses() {
        spring = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("/test-classes/"))
                .importPackages(SPRING);
    }

    @Test
    void theImportHoldsTheMainClassesOnly() {
        assertThat(spring.stream().map(JavaClass::getName))
                .contains(SPRING + ".SpringProcess", SPRING + ".ModulithResubmission")
                .noneMatch(name -> name.startsWith(SPRING + ".architecture"))
                .noneMatch(name -> name.endsWith("Test") || name.endsWith("Tests"));
    }

    @Test
    void noPackageCycles() {
        DeliveryKitRules.noPackageCycles(SPRING).check(spring);
    }

    @Test
    void noInternalTypeInPublicSignatures() {
        DeliveryKitRules.noInternalTypeInPublicSignatures(SPRING).check(spring);
    }

    @Test
    void bytecodeLibrariesOnlyInInstrument() {
        DeliveryKitRules.bytecodeLibrariesOnlyInInstrument(SPRING).check(spring);
    }

    @Test
    void publicClassesAreFinalUnlessAbstract() {
        DeliveryKitRules.publicClassesAreFinalUnlessAbstract(SPRING).check(spring);
    }

    @Test
    void publicTypesDeclareTheirApiStatus() {
        DeliveryKitRules.publicTypesDeclareTheirApiStatus(SPRING).check(spring);
    }

    @Test
    void internalPublicTypesAreApiInternal() {
        // the module has no internal package yet: the rule waits for the first one
        DeliveryKitRules.internalPublicTypesAreApiInternal(SPRING)
                .allowEmptyShould(true)
                .check(spring);
    }

    @Test
    void assertionFailuresAreNamedError() {
        // the module has no assertion failure of its own yet: the rule waits for the first one
        DeliveryKitRules.assertionFailuresAreNamedError(SPRING)
                .allowEmptyShould(true)
                .check(spring);
    }

    @Test
    void onlyJunitsPublicSupportApiIsUsed() {
        DeliveryKitRules.onlyJunitsPublicSupportApiIsUsed(SPRING).check(spring);
    }

    @Test
    void springOnlyFromProvidedArtifacts() {
        SpringRules.springOnlyFromProvidedArtifacts(SPRING).check(spring);
    }

    @Test
    void modulithOnlyThroughModulithResubmission() {
        SpringRules.modulithOnlyThroughModulithResubmission(SPRING).check(spring);
    }
}
