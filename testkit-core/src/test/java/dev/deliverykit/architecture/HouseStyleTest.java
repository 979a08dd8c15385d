package dev.deliverykit.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The house rules of the project, enforced on testkit-core's production classes. */
class HouseStyleTest {

    private static JavaClasses production;

    @BeforeAll
    static void importProductionClasses() {
        production = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.deliverykit");
    }

    @Test
    void publicApiClassesAreFinal() {
        classes()
                .that()
                .resideOutsideOfPackage("dev.deliverykit.internal..")
                .and()
                .arePublic()
                .and()
                .areTopLevelClasses()
                .and()
                .areNotInterfaces()
                .and()
                .areNotEnums()
                .and()
                .areNotRecords()
                .and()
                .areNotAnnotations()
                .and(DescribedPredicate.not(abstractClasses()))
                .should()
                .haveModifier(JavaModifier.FINAL)
                .because("public classes are not designed for extension; making them final keeps that honest"
                        + " and lets us change them without breaking subclasses")
                .check(production);
    }

    @Test
    void internalPackagesSayTheyAreNotApi() {
        classes()
                .that()
                .resideInAPackage("dev.deliverykit.internal..")
                .should(declareNotApiInPackageInfo())
                .because("users must be able to tell at a glance which packages carry no compatibility promise")
                .check(production);
    }

    private static DescribedPredicate<JavaClass> abstractClasses() {
        return DescribedPredicate.describe(
                "abstract", javaClass -> javaClass.getModifiers().contains(JavaModifier.ABSTRACT));
    }

    private static ArchCondition<JavaClass> declareNotApiInPackageInfo() {
        return new ArchCondition<>("have a package-info.java that says the package is not API") {
            @Override
            public void check(JavaClass javaClass, ConditionEvents events) {
                String packageName = javaClass.getPackageName();
                boolean says = sourceOfPackageInfo(packageName).contains("Not API");
                events.add(new SimpleConditionEvent(
                        javaClass,
                        says,
                        "package " + packageName
                                + (says ? " says" : " does not say") + " \"Not API\" in src/main/java/"
                                + packageName.replace('.', '/') + "/package-info.java"));
            }
        };
    }

    private static String sourceOfPackageInfo(String packageName) {
        Path file = Path.of("src", "main", "java")
                .resolve(packageName.replace('.', '/'))
                .resolve("package-info.java");
        try (InputStream in = Files.newInputStream(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
