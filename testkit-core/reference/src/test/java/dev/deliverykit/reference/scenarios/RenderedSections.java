package dev.deliverykit.reference.scenarios;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The reference sections, each rendered once per test JVM and shared by the tests that read it: every render
 * runs its crash tables as child JVMs (about thirty for the whole report, a second or so each), too many to
 * repeat for every assertion. {@link ScenarioReportTest} compares them with a report rendered on its own.
 */
final class RenderedSections {

    private static final Map<Class<? extends ScenarioSection>, String> RENDERED = new HashMap<>();

    private RenderedSections() {}

    /** The Markdown of the reference section of this class, rendered in a temporary directory of its own. */
    static synchronized String of(Class<? extends ScenarioSection> type) throws Exception {
        String rendered = RENDERED.get(type);
        if (rendered == null) {
            ScenarioSection section = ReferenceSections.all().stream()
                    .filter(type::isInstance)
                    .findFirst()
                    .orElseThrow();
            rendered = ScenarioReport.render(section);
            RENDERED.put(type, rendered);
        }
        return rendered;
    }

    /** Every reference section, in the report's order. */
    static List<String> all() throws Exception {
        List<String> all = new ArrayList<>();
        for (ScenarioSection section : ReferenceSections.all()) {
            all.add(of(section.getClass()));
        }
        return all;
    }
}
