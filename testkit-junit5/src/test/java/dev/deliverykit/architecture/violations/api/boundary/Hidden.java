package dev.deliverykit.architecture.violations.api.boundary;

/** Package-private: no status needed (not a violation). */
final class Hidden {}
