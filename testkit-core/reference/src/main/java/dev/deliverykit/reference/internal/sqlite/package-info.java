/**
 * Internal SQLite plumbing of the reference protocols. <strong>Not API</strong>: anything here may
 * change or disappear in any release.
 */
package dev.deliverykit.reference.internal.sqlite;
