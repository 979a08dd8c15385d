package dev.deliverykit.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.apiguardian.api.API;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What is left of the JUnit face's house rules until every module's public types carry their @API status: the JUnit
 * face's do. The other rules are in {@link DeliveryKitArchitectureTest}.
 */
class JunitHouseStyleTest {

    private static JavaClasses production;

    @BeforeAll
    static void importProductionClasses() {
        production = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.deliverykit.junit5");
    }

    @Test
    void everyPublicTypeDeclaresItsApiStatus() {
        classes().that().arePublic().and().areTopLevelClasses()
                .should().beAnnotatedWith(API.class)
                .because("users read the status (@API from apiguardian) to know what they may rely on")
                .check(production);
    }
}
