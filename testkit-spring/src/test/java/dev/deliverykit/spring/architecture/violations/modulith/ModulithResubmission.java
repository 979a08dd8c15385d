package dev.deliverykit.spring.architecture.violations.modulith;

import org.springframework.modulith.events.IncompleteEventPublications;

/** Compliant: the one class that may name Modulith. */
final class ModulithResubmission {

    IncompleteEventPublications publications;
}
