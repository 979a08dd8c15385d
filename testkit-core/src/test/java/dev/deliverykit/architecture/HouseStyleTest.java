package dev.deliverykit.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What is left of testkit-core's house rules until every public type carries its @API status: the internal packages
 * say they are not API. The other rules are in testkit-junit5's dev.deliverykit.architecture suite.
 */
class HouseStyleTest {

    private static JavaClasses production;

    @BeforeAll
    static void importProductionClasses() {
        production = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.deliverykit");
    }

    @Test
    void internalPackagesSayTheyAreNotApi() {
        classes().that().resideInAPackage("dev.deliverykit.internal..")
                .should(declareNotApiInPackageInfo())
                .because("users must be able to tell at a glance which packages carry no compatibility promise")
                .check(production);
    }


    private static ArchCondition<JavaClass> declareNotApiInPackageInfo() {
        return new ArchCondition<>("have a package-info.java that says the package is not API") {
            @Override
            public void check(JavaClass javaClass, ConditionEvents events) {
                String packageName = javaClass.getPackageName();
                boolean says = sourceOfPackageInfo(packageName).contains("Not API");
                events.add(new SimpleConditionEvent(javaClass, says, "package " + packageName
                        + (says ? " says" : " does not say") + " \"Not API\" in src/main/java/"
                        + packageName.replace('.', '/') + "/package-info.java"));
            }
        };
    }

    private static String sourceOfPackageInfo(String packageName) {
        java.nio.file.Path file = java.nio.file.Path.of("src", "main", "java")
                .resolve(packageName.replace('.', '/')).resolve("package-info.java");
        try (InputStream in = java.nio.file.Files.newInputStream(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
