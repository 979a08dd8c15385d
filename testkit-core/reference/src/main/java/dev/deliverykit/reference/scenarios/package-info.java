/**
 * The reference scenarios: every named scenario of {@code docs/protocols.md} run on fresh databases,
 * printed as its Markdown tables ({@link dev.deliverykit.reference.scenarios.ScenarioReport}) and compared with a
 * golden file by {@code --check}; and {@link dev.deliverykit.reference.scenarios.ReferenceBoundaries}, the catalogue
 * that names every crash boundary of the contract in the reference code.
 *
 * <p>The crash tables (the 3 x 5 matrix, the ten ordered boundaries, the crashes inside
 * {@code close_and_collect} and {@code execute}) come from real process exits, as {@code docs/protocols.md}
 * asks: child JVMs that the boundary engine ({@link dev.deliverykit.boundary}) halts with exit code 73, each
 * row showing the exit code read from its child; recovery runs in the JVM that renders the report. The same
 * crashes in that JVM (in process) must give the same rows, and the report says whether they do. Under
 * {@code mvn -pl testkit-core/reference -am package -DskipTests exec:java@scenarios} that JVM is Maven's, where
 * the engine attaches its agent itself (on JDK 21+ with one warning on standard error).
 *
 * <p>This is the one package of the reference artifact that uses the engine: the protocols themselves must
 * not depend on it (an ArchUnit rule checks it), exactly as a user's code does not.
 */
package dev.deliverykit.reference.scenarios;
