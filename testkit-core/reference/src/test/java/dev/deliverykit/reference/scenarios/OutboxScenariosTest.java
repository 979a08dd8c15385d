package dev.deliverykit.reference.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The section 1 report: the seed-001 demo, the receiver answers and the crash matrix, exactly as printed (that
 * it renders the same text on every run, {@link ScenarioReportTest} checks for the whole report).
 */
class OutboxScenariosTest {

    private static final String EXPECTED = """
            ## Transactional outbox + idempotent receiver

            ### Seed 001 demo: crash after the supplier's success, before `markDone`

            | delivery | command id | supplier outcome | supplier result |
            | --- | --- | --- | --- |
            | first delivery | trip-001:1:0 | executed | REF-1 |
            | retry by new instances (markDone never ran) | trip-001:1:0 | replayed | REF-1 |

            | figure | value |
            | --- | --- |
            | real side effects | 1 |
            | pending | 0 |

            ### Idempotent receiver: key, parameter digest and result stored with the effect

            | request | key | core parameters | outcome | result | N(key) |
            | --- | --- | --- | --- | --- | --- |
            | first request | tenantA:reserve42 | {"part":"P-7","quantity":1} | executed | REF-1 | 1 |
            | same key, same parameters | tenantA:reserve42 | {"part":"P-7","quantity":1} | replayed | REF-1 | 1 |
            | same key, other quantity | tenantA:reserve42 | {"part":"P-7","quantity":2} | conflict | - | 1 |
            | same id, other tenant | tenantB:reserve42 | {"part":"P-7","quantity":1} | executed | REF-2 | 1 |
            | other key, identical body | tenantA:reserve43 | {"part":"P-7","quantity":1} | executed | REF-3 | 1 |

            ### 3 x 5 crash matrix (seed 002, real process exits): effect count N after recovery

            | # | boundary | catalogue name |
            | --- | --- | --- |
            | 0 | before the local record (the caller resubmits the same intent) | `delivery.before-local-record` |
            | 1 | after the local record, before sending | `delivery.after-local-record` |
            | 2 | after the remote effect, before the response is observed | `delivery.after-remote-effect.without-dedup`, `delivery.after-remote-effect.atomic-receipt` |
            | 3 | after the response, before the local "done" mark | `delivery.after-response` |
            | 4 | after the "done" mark | `delivery.after-done-mark` |

            | protocol | 0 | 1 | 2 | 3 | 4 |
            | --- | --- | --- | --- | --- | --- |
            | mark-first (write "done", then send) | 1 | **0** | 1 | 1 | 1 |
            | outbox without receiver dedup | 1 | 1 | **2** | **2** | 1 |
            | outbox + atomic receiver receipt | 1 | 1 | 1 | 1 | 1 |

            Real process exits: each cell is a child JVM that runs `submit` once and that the boundary engine halts at the named boundary of `ReferenceBoundaries`; recovery is new instances in the report's JVM: the caller resubmits the same intent, then `recover()`. The 15 child JVMs exited with code 73.

            In process (the same 15 crashes in the report's JVM, where the boundary engine rolls back and closes every connection of the dead run and unwinds it): the same rows.
            """;

    @Test
    void rendersTheSeedFiguresAndTheMatrixInTheLayoutOfProtocolsMd() throws Exception {
        assertThat(RenderedSections.of(OutboxScenarios.class)).isEqualTo(EXPECTED);
    }

    @Test
    void theTextHoldsNoPathOfItsFiles() throws Exception {
        assertThat(RenderedSections.of(OutboxScenarios.class))
                .doesNotContain(System.getProperty("java.io.tmpdir"))
                .doesNotContain(".db");
    }
}
