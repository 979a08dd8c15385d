package dev.deliverykit.spring.architecture;

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
 * Each rule of {@link SpringRules} fails on its deliberate violation in {@code violations}, naming exactly the
 * offending member and nothing of the compliant classes beside it.
 */
class SpringRulesCatchViolationsTest {

    private static final String FIXTURES = "dev.deliverykit.spring.architecture.violations";

    @Test
    void aClassOfASpringArtifactNotDeclaredProvidedIsCaught() {
        String kit = FIXTURES + ".provided";
        assertViolations(
                SpringRules::springOnlyFromProvidedArtifacts,
                kit,
                "Field <" + kit + ".Autoconfigured.application> has type"
                        + " <org.springframework.boot.autoconfigure.SpringBootApplication> in (Autoconfigured.java:0),"
                        + " of spring-boot-autoconfigure");
    }

    @Test
    void modulithOutsideModulithResubmissionIsCaught() {
        String kit = FIXTURES + ".modulith";
        assertViolations(
                SpringRules::modulithOnlyThroughModulithResubmission,
                kit,
                "Field <" + kit + ".Settling.publications> has type"
                        + " <org.springframework.modulith.events.IncompleteEventPublications> in (Settling.java:0)");
    }

    @Test
    void everyRuleSaysWhy() {
        List<Function<String, ArchRule>> rules = List.of(
                SpringRules::springOnlyFromProvidedArtifacts, SpringRules::modulithOnlyThroughModulithResubmission);
        assertThat(rules)
                .allSatisfy(
                        rule -> assertThat(rule.apply("dev.deliverykit.spring").getDescription())
                                .contains(", because "));
    }

    /** Checks {@code rule} against the classes of the fixture package {@code kit}: exactly {@code violations}. */
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
