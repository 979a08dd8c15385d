package dev.deliverykit.junit5.internal.planning;

import dev.deliverykit.internal.text.Message;

/** The messages of a {@code @BoundaryCatalogueSource} whose catalogues the kit cannot read. */
final class CatalogueMessages {

    private CatalogueMessages() {}

    /**
     * The holder has no catalogue field of the name the annotation gives.
     *
     * @param written the annotation as written
     * @param listed the holder's catalogue fields as {@code " (A, B)"}, or empty
     */
    static Message noFieldNamed(String written, Class<?> holder, String field, String listed) {
        return new Message(
                written,
                holder.getName() + " has no BoundaryCatalogue field named \"" + field + "\"",
                null,
                "name one of its public static BoundaryCatalogue fields" + listed
                        + ", or leave out field to use all of them");
    }

    /** The named catalogue field is not public static. */
    static Message notPublicStatic(String written, Class<?> holder, String field) {
        return new Message(
                written,
                "field " + field + " of " + holder.getName() + " is not public static",
                null,
                "declare it public static final BoundaryCatalogue " + field
                        + " = BoundaryCatalogue.builder(...)...build();");
    }

    /** The catalogue field holds no catalogue. */
    static Message unreadable(String written, Class<?> holder, String field) {
        return new Message(
                written,
                "field " + field + " of " + holder.getName() + " is null or could not be read",
                null,
                "initialise it with BoundaryCatalogue.builder(...)...build() in its declaration");
    }

    /** Two catalogues of the holder name a boundary alike. */
    static Message ambiguous(String written, Class<?> holder, String boundary) {
        return new Message(
                written,
                "the boundary name \"" + boundary + "\" is in two catalogues of " + holder.getName()
                        + ", so @CrashAt(\"" + boundary + "\") would be ambiguous",
                null,
                "rename one, or choose one catalogue with field = \"...\"");
    }

    /** The holder has no catalogue field. */
    static Message noCatalogue(String written, Class<?> holder) {
        return new Message(
                written,
                holder.getName() + " has no public static BoundaryCatalogue field",
                null,
                "add one, for example public static final BoundaryCatalogue ORDERS = BoundaryCatalogue.builder("
                        + "\"orders\").add(\"after-order-insert\", Selector.afterStatement(\"^INSERT INTO orders\"))"
                        + ".build();");
    }
}
