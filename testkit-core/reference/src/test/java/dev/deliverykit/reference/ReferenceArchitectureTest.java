package dev.deliverykit.reference;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The reference protocols are code under test like anybody's: they know nothing of the kit that crashes them. */
class ReferenceArchitectureTest {

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.deliverykit.reference");

    @Test
    void theReferenceProtocolsKnowNothingOfTheKit() {
        noClasses()
                .that()
                .resideInAPackage("dev.deliverykit.reference..")
                .and()
                .resideOutsideOfPackage("dev.deliverykit.reference.scenarios..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.deliverykit.boundary..",
                        "dev.deliverykit.order..",
                        "dev.deliverykit.invariant..",
                        "dev.deliverykit.process..",
                        "dev.deliverykit.internal..")
                .because("the reference implementation must contain no test hooks: the engine crashes it and forces"
                        + " its arrival orders from outside, exactly as it does in users' code")
                .check(MAIN);
    }
}
