package dev.deliverykit.spring.architecture.violations.modulith;

import org.springframework.modulith.events.IncompleteEventPublications;

/** Names Modulith outside ModulithResubmission, so it could not load without Modulith. */
final class Settling {

    IncompleteEventPublications publications;
}
