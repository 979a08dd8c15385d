/**
 * Deliberate violations of {@link dev.deliverykit.architecture.DeliveryKitRules}, one package per rule, each
 * laid out like the kit in miniature ({@code <rule>.boundary}, {@code <rule>.internal.text}, {@code <rule>.junit5},
 * ...), for {@link dev.deliverykit.architecture.DeliveryKitRulesCatchViolationsTest}. Test sources: the kit's own
 * suite imports main classes only and never sees them. No class here is a test or a registered extension.
 */
package dev.deliverykit.architecture.violations;
