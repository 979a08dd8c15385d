package dev.deliverykit.spring;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.modulith.events.IncompleteEventPublications;

/** Spring Modulith's classes, loaded only when Modulith is on the class path (it is the user's, provided here). */
final class ModulithResubmission {

    private ModulithResubmission() {}

    static void resubmit(ConfigurableApplicationContext application) {
        application
                .getBeanProvider(IncompleteEventPublications.class)
                .ifAvailable(publications -> publications.resubmitIncompletePublications(publication -> true));
    }
}
