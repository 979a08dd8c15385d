/**
 * Deliberate violations of {@link dev.deliverykit.spring.architecture.SpringRules}, one rule per package, each
 * beside compliant classes, for {@link dev.deliverykit.spring.architecture.SpringRulesCatchViolationsTest}.
 */
package dev.deliverykit.spring.architecture.violations;
