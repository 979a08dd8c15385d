package dev.deliverykit.junit5.internal.report;

/** A text that is a report of another format, or of none: its {@code format} field, as it reads. */
final class OtherReportFormat extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String format;

    OtherReportFormat(String format) {
        super("its format is \"" + format + "\", not " + Report.FORMAT);
        this.format = format;
    }

    String format() {
        return format;
    }
}
