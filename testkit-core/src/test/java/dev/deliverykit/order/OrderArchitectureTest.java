package dev.deliverykit.order;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The layering of ordered delivery: no ByteBuddy and no internal type in its API, no tie to the reference code. */
class OrderArchitectureTest {

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.deliverykit");

    @Test
    void theOrderPackageNeverTouchesByteBuddy() {
        noClasses()
                .that()
                .resideInAPackage("dev.deliverykit.order..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("net.bytebuddy..")
                .because("all ByteBuddy code stays in dev.deliverykit.internal.instrument")
                .check(MAIN);
    }

    @Test
    void thePublicApiExposesNoInternalType() {
        classes()
                .that()
                .resideInAPackage("dev.deliverykit.order")
                .and()
                .arePublic()
                .should(exposeNoInternalTypes())
                .because("users (and the JUnit layer) must not come to depend on the kit's internals")
                .check(MAIN);
    }

    @Test
    void publicClassesAreFinalOrValueTypes() {
        classes()
                .that()
                .resideInAPackage("dev.deliverykit.order")
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
                .check(MAIN);
    }

    private static ArchCondition<JavaClass> exposeNoInternalTypes() {
        return new ArchCondition<>("expose no dev.deliverykit.internal type in a public signature") {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                for (JavaCodeUnit unit : type.getCodeUnits()) {
                    if (!unit.getModifiers().contains(JavaModifier.PUBLIC)) {
                        continue;
                    }
                    List<JavaClass> signature = new ArrayList<>(unit.getRawParameterTypes());
                    signature.add(unit.getRawReturnType());
                    for (JavaClass used : signature) {
                        boolean internal = used.getPackageName().startsWith("dev.deliverykit.internal");
                        events.add(new SimpleConditionEvent(
                                unit,
                                !internal,
                                unit.getFullName() + (internal ? " exposes " : " does not expose ") + used.getName()));
                    }
                }
            }
        };
    }
}
