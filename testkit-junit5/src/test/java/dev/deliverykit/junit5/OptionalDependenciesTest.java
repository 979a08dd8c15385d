package dev.deliverykit.junit5;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * A user's test class path gets testkit-core and junit-jupiter-api from testkit-junit5, nothing else: AssertJ and
 * the platform's test kit are optional, so the extension (the package the annotations bring in, and its internal
 * rooms) must never load one of their classes, nor a class of the two packages built on them.
 */
class OptionalDependenciesTest {

    private static final JavaClasses EXTENSION = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.deliverykit.junit5")
            .that(DescribedPredicate.describe(
                    "in dev.deliverykit.junit5 itself or its internal rooms",
                    type -> type.getPackageName().equals("dev.deliverykit.junit5")
                            || type.getPackageName().startsWith("dev.deliverykit.junit5.internal.")));

    @Test
    void theExtensionLoadsNoOptionalDependency() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.assertj..",
                        "org.junit.platform.testkit..",
                        "com.fasterxml..",
                        "dev.deliverykit.junit5.assertions..",
                        "dev.deliverykit.junit5.testkit..")
                .because("assertj-core and junit-platform-testkit are optional dependencies of testkit-junit5, and"
                        + " report.json has the kit's own codec: a user without them must be able to run crash tests")
                .check(EXTENSION);
    }
}
