/**
 * Internal JSON and digest helpers. <strong>Not API</strong>: anything here may change or disappear in
 * any release.
 */
package dev.deliverykit.reference.internal.json;
