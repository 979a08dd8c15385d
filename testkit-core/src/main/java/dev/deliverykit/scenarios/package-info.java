/**
 * The scenario report: every named reference scenario run on fresh databases, printed as the Markdown
 * tables of {@code docs/protocols.md} and compared with a golden file by {@code --check}.
 */
package dev.deliverykit.scenarios;
