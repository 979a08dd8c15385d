/**
 * Delivery contracts: plug your outbox, inbox, receiver or dedup store into the kit through one small adapter class
 * and inherit a documented battery of crash, duplicate, concurrency, arrival-order and retention checks, the same
 * ones the kit's reference implementation passes and its broken variants fail.
 *
 * <table>
 *   <caption>roles</caption>
 *   <tr><th>role</th><th>adapter</th><th>contract</th></tr>
 *   <tr><td>idempotent receiver</td><td>{@link dev.deliverykit.junit5.contract.IdempotentReceiverAdapter}</td>
 *       <td>{@link dev.deliverykit.junit5.contract.IdempotentReceiverContract}</td></tr>
 *   <tr><td>transactional outbox</td><td>{@link dev.deliverykit.junit5.contract.TransactionalOutboxAdapter}</td>
 *       <td>{@link dev.deliverykit.junit5.contract.TransactionalOutboxContract}</td></tr>
 *   <tr><td>ordered inbox</td><td>{@link dev.deliverykit.junit5.contract.OrderedInboxAdapter}</td>
 *       <td>{@link dev.deliverykit.junit5.contract.OrderedInboxContract}</td></tr>
 *   <tr><td>dedup retention</td><td>{@link dev.deliverykit.junit5.contract.DedupRetentionAdapter}</td>
 *       <td>{@link dev.deliverykit.junit5.contract.DedupRetentionContract}</td></tr>
 *   <tr><td>delivery pipeline</td><td>{@link dev.deliverykit.junit5.contract.DeliveryPipelineAdapter}</td>
 *       <td>{@link dev.deliverykit.junit5.contract.DeliveryPipelineContract}</td></tr>
 * </table>
 *
 * <pre>{@code
 * class WarehouseReceiverContractTest implements IdempotentReceiverContract {
 *     @Override
 *     public IdempotentReceiverAdapter adapter() {
 *         return new WarehouseAdapter();         // maps handle(request) onto the warehouse, and says where effects are
 *     }
 * }
 * }</pre>
 *
 * <p>Every check is a JUnit test (a plain {@code @Test}, a {@link dev.deliverykit.junit5.CrashSweep}, a
 * {@link dev.deliverykit.junit5.CrashAt} or a {@link dev.deliverykit.junit5.DeliverInOrder} test) with a stable id,
 * its guarantee and the seed table it generalises ({@link dev.deliverykit.junit5.Guarantee}); the crash report groups
 * them by role. A guarantee the code does not promise is declared with {@link dev.deliverykit.junit5.NotPromised} and
 * skipped, saying so. See {@code docs/contracts.md}.
 */
package dev.deliverykit.junit5.contract;
