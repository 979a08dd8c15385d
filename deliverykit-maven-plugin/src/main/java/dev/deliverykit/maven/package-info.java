/**
 * The kit's Maven plugin: its {@code prepare-agent} goal puts {@code -javaagent:} the project's testkit-core jar into
 * the property surefire and failsafe read their JVM options from ({@code argLine}), after what is there already.
 */
package dev.deliverykit.maven;
