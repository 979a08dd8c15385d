package dev.deliverykit.boundary;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The engine's layering: ByteBuddy stays internal, the reference protocols stay free of test hooks. */
class BoundaryArchitectureTest {

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.deliverykit");

    @Test
    void byteBuddyIsUsedOnlyInTheInternalInstrumentPackage() {
        noClasses()
                .that()
                .resideOutsideOfPackage("dev.deliverykit.internal.instrument..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("net.bytebuddy..")
                .because("ByteBuddy is an implementation detail of the engine: no ByteBuddy type may appear in the"
                        + " public API or anywhere a user's code could come to depend on it")
                .check(MAIN);
    }

    @Test
    void publicApiClassesAreFinalOrInterfacesEnumsOrRecords() {
        classes()
                .that()
                .resideInAPackage("dev.deliverykit.boundary")
                .and()
                .arePublic()
                .should()
                .haveModifier(JavaModifier.FINAL)
                .orShould()
                .beInterfaces()
                .orShould()
                .beEnums()
                .orShould()
                .beRecords()
                .because("the API is not meant for extension: final classes can evolve without breaking subclasses")
                .check(MAIN);
    }
}
