package dev.deliverykit.architecture.violations.rooms.junit5;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

/** A declaration of the face: every room may read it (not a violation). */
@Retention(RetentionPolicy.RUNTIME)
public @interface CrashHere {}
