/**
 * Text formats the kit reads from its configuration, shared by the engine and the JUnit extension.
 * <strong>Not API</strong>: anything here may change or disappear in any release.
 */
package dev.deliverykit.internal.text;
