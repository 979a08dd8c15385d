package dev.deliverykit.internal.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.Workload;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

/** The kit's own classes are told by their code source: a test class in the engine's package is not the kit's. */
class KitClassesTest {

    @Test
    void theEnginesClassesAreThoseOfItsCodeSourceWhateverTheirPackage() {
        assertThat(KitClasses.isEngine(KnownLibrary.class)).isTrue();
        assertThat(KitClasses.isEngine(Workload.class)).isTrue();
        assertThat(KitClasses.isEngine(KitClassesTest.class)).isFalse();
        assertThat(KitClasses.isEngine(String.class)).isFalse();
    }

    @Test
    void aModuleIsTheKitsOnceRegisteredWithAnyOfItsClasses() {
        // apiguardian's jar: a module no frame of any test runs in, so registering it changes no other test.
        assertThat(KitClasses.isModule(API.Status.class)).isFalse();

        KitClasses.registerModule(API.class);

        assertThat(KitClasses.isModule(API.Status.class)).isTrue();
        assertThat(KitClasses.isModule(KitClassesTest.class)).isFalse();
        assertThat(KitClasses.isModule(String.class)).isFalse();
        assertThat(KitClasses.isEngine(API.class)).isFalse();
    }
}
