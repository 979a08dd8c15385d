package dev.deliverykit.architecture.violations.rooms.junit5.internal.config;

/** The configuration, at the bottom with the declarations (not a violation). */
public final class Settings {
    String mode;
}
