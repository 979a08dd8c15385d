package dev.deliverykit.junit5.internal.planning;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CatalogueMessagesTests {

    private static final String WRITTEN = "@BoundaryCatalogueSource(value = Shop.class)";

    @Test
    void noFieldNamed() {
        assertThat(CatalogueMessages.noFieldNamed(WRITTEN, String.class, "NO_SUCH", " (A, B)")
                        .sentences())
                .isEqualTo("@BoundaryCatalogueSource(value = Shop.class): java.lang.String has no BoundaryCatalogue"
                        + " field named \"NO_SUCH\". Fix: name one of its public static BoundaryCatalogue fields (A,"
                        + " B), or leave out field to use all of them.");
    }

    @Test
    void notPublicStatic() {
        assertThat(CatalogueMessages.notPublicStatic(WRITTEN, String.class, "ORDERS")
                        .clauses())
                .isEqualTo(
                        "@BoundaryCatalogueSource(value = Shop.class): field ORDERS of java.lang.String is not public"
                                + " static. Fix: declare it public static final BoundaryCatalogue ORDERS ="
                                + " BoundaryCatalogue.builder(...)...build();");
    }

    @Test
    void unreadable() {
        assertThat(CatalogueMessages.unreadable(WRITTEN, String.class, "ORDERS").sentences())
                .isEqualTo("@BoundaryCatalogueSource(value = Shop.class): field ORDERS of java.lang.String is null or"
                        + " could not be read. Fix: initialise it with BoundaryCatalogue.builder(...)...build() in its"
                        + " declaration.");
    }

    @Test
    void ambiguous() {
        assertThat(CatalogueMessages.ambiguous(WRITTEN, String.class, "after-commit")
                        .sentences())
                .isEqualTo("@BoundaryCatalogueSource(value = Shop.class): the boundary name \"after-commit\" is in two"
                        + " catalogues of java.lang.String, so @CrashAt(\"after-commit\") would be ambiguous. Fix:"
                        + " rename one, or choose one catalogue with field = \"...\".");
    }

    @Test
    void noCatalogue() {
        assertThat(CatalogueMessages.noCatalogue(WRITTEN, String.class).clauses())
                .isEqualTo("@BoundaryCatalogueSource(value = Shop.class): java.lang.String has no public static"
                        + " BoundaryCatalogue field. Fix: add one, for example public static final BoundaryCatalogue"
                        + " ORDERS = BoundaryCatalogue.builder(\"orders\").add(\"after-order-insert\","
                        + " Selector.afterStatement(\"^INSERT INTO orders\")).build();");
    }
}
