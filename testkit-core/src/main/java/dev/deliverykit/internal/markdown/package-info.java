/**
 * Markdown rendering shared by the scenario report and the JUnit report summary. <strong>Not API</strong>:
 * anything here may change or disappear in any release.
 */
package dev.deliverykit.internal.markdown;
