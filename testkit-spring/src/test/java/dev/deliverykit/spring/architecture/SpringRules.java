package dev.deliverykit.spring.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rules of testkit-spring's own: the Spring it may use. They are written for a base package, as
 * {@code DeliveryKitRules} are: {@code dev.deliverykit.spring} for the module ({@link SpringArchitectureTest}), or a
 * package of {@code dev.deliverykit.spring.architecture.violations} holding one deliberate violation
 * ({@link SpringRulesCatchViolationsTest}).
 */
final class SpringRules {

    /**
     * The artifacts the pom declares {@code provided} (spring-boot, spring-jdbc, spring-modulith-events-api,
     * spring-test, spring-boot-test) and the Spring Framework artifacts they bring.
     */
    static final Set<String> PROVIDED = Set.of(
            "spring-boot",
            "spring-jdbc",
            "spring-modulith-events-api",
            "spring-test",
            "spring-boot-test",
            "spring-core",
            "spring-context",
            "spring-beans",
            "spring-aop",
            "spring-tx",
            "spring-expression",
            "spring-jcl");

    /** A jar's artifact: its file name without the version, as a Maven repository names it. */
    private static final Pattern ARTIFACT = Pattern.compile("/([^/]+?)-[0-9][^/]*\\.jar!/");

    private SpringRules() {}

    static ArchRule springOnlyFromProvidedArtifacts(String base) {
        return classes()
                .that()
                .resideInAPackage(base + "..")
                .should(useSpringOnlyFrom(PROVIDED))
                .because("a user of testkit-spring brings the Spring they run, and the module declares what it needs"
                        + " of it provided: a class of another Spring artifact is missing from some users' class path"
                        + " and fails there with a NoClassDefFoundError");
    }

    static ArchRule modulithOnlyThroughModulithResubmission(String base) {
        return noClasses()
                .that()
                .resideInAPackage(base + "..")
                .and()
                .doNotHaveSimpleName("ModulithResubmission")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.springframework.modulith..")
                .because("Spring Modulith is optional for a user: ModulithResubmission is loaded only when Modulith is"
                        + " on the class path, and any other class that names Modulith fails to load without it");
    }

    private static ArchCondition<JavaClass> useSpringOnlyFrom(Set<String> artifacts) {
        return new ArchCondition<>(
                "use Spring only from " + artifacts.stream().sorted().toList()) {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                for (Dependency dependency : type.getDirectDependenciesFromSelf()) {
                    JavaClass target = dependency.getTargetClass();
                    if (!target.getPackageName().startsWith("org.springframework")) {
                        continue;
                    }
                    String artifact = artifact(target);
                    if (!artifacts.contains(artifact)) {
                        events.add(SimpleConditionEvent.violated(
                                dependency, dependency.getDescription() + ", of " + artifact));
                    }
                }
            }
        };
    }

    private static String artifact(JavaClass type) {
        return type.getSource()
                .map(source -> ARTIFACT.matcher(source.getUri().toString()))
                .filter(Matcher::find)
                .map(found -> found.group(1))
                .orElse("no known jar");
    }
}
