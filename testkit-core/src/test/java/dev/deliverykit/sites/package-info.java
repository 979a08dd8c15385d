/**
 * Fixtures of the crash-site tests ({@code dev.deliverykit.boundary.CrashSiteTest}): a small order service the
 * way a team writes one, with a transaction template ({@link dev.deliverykit.sites.Db#inTx}), an unchecking
 * helper ({@link dev.deliverykit.sites.Unchecked#run}) and a schema helper without a functional parameter.
 */
package dev.deliverykit.sites;
