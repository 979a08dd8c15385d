package dev.deliverykit.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Target;
import java.util.Arrays;
import java.util.List;
import org.apiguardian.api.API;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.Extension;

/** The house rules for the JUnit face, enforced on testkit-junit5's production classes. */
class JunitHouseStyleTest {

    private static JavaClasses production;

    @BeforeAll
    static void importProductionClasses() {
        production = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.deliverykit.junit5");
    }

    @Test
    void extensionsArePackagePrivateFinalAndKeepNoFields() {
        classes()
                .that()
                .implement(Extension.class)
                .should()
                .notBePublic()
                .andShould()
                .haveModifier(JavaModifier.FINAL)
                .andShould(haveNoFields())
                .because("JUnit may share one extension instance; state belongs in ExtensionContext.Store")
                .check(production);
    }

    @Test
    void annotationsAreDocumentedMetaAnnotationsAndTemplatesBringTheirExtension() {
        classes()
                .that()
                .areAnnotations()
                .and()
                .resideInAPackage("dev.deliverykit.junit5")
                .should(beDocumentedAndUsableAsMetaAnnotations())
                .because("annotations must compose like JUnit's own (@ParameterizedTest, @Timeout)")
                .check(production);
    }

    @Test
    void onlyPublicJunitSupportApisAreUsed() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.junit.platform.commons.util..")
                .because("org.junit.platform.commons.util is internal to JUnit and changes without notice; use"
                        + " AnnotationSupport and ReflectionSupport")
                .check(production);
    }

    @Test
    void publicApiClassesAreFinal() {
        classes()
                .that()
                .resideInAPackage("dev.deliverykit.junit5")
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
                .and()
                .doNotHaveModifier(JavaModifier.ABSTRACT)
                .should()
                .haveModifier(JavaModifier.FINAL)
                .check(production);
    }

    @Test
    void everyPublicTypeDeclaresItsApiStatus() {
        classes()
                .that()
                .arePublic()
                .and()
                .areTopLevelClasses()
                .should()
                .beAnnotatedWith(API.class)
                .because("users read the status (@API from apiguardian) to know what they may rely on")
                .check(production);
    }

    private static ArchCondition<JavaClass> haveNoFields() {
        return new ArchCondition<>("have no fields") {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                type.getFields()
                        .forEach(field -> events.add(
                                SimpleConditionEvent.violated(type, type.getName() + " has field " + field.getName())));
            }
        };
    }

    private static ArchCondition<JavaClass> beDocumentedAndUsableAsMetaAnnotations() {
        return new ArchCondition<>("be @Documented and target ANNOTATION_TYPE and METHOD or FIELD") {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                Class<?> annotation = type.reflect();
                List<ElementType> targets =
                        Arrays.asList(annotation.getAnnotation(Target.class).value());
                boolean ok = annotation.isAnnotationPresent(Documented.class)
                        && targets.contains(ElementType.ANNOTATION_TYPE)
                        && (targets.contains(ElementType.METHOD) || targets.contains(ElementType.FIELD))
                        && (!annotation.isAnnotationPresent(TestTemplate.class)
                                || annotation.isAnnotationPresent(ExtendWith.class));
                events.add(new SimpleConditionEvent(
                        type,
                        ok,
                        annotation.getName() + (ok ? " is" : " is not")
                                + " @Documented with @Target(ANNOTATION_TYPE, METHOD or FIELD, ...) and, if a test template,"
                                + " @ExtendWith"));
            }
        };
    }
}
