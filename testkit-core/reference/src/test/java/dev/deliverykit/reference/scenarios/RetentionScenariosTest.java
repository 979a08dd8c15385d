package dev.deliverykit.reference.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The retention section reproduces the expected results of protocols.md section 3 (that it renders the same
 * text on every run, {@link ScenarioReportTest} checks for the whole report).
 */
class RetentionScenariosTest {

    /** protocols.md section 3 in numbers; reviewed by hand against the seed's expected results. */
    private static final String EXPECTED = """
            ## Retention of dedup records

            Receipts keyed by (namespace, epoch, op); `closed_through` per namespace. State columns are read back from the committed database after each step.

            ### Unsafe cleanup (delete receipts only), then a late request

            | step | answer | effects | receipts | closed_through |
            | --- | --- | --- | --- | --- |
            | execute demo/1/work-1 | created (effect 1) | 1 | 1 | 0 |
            | delete receipts through epoch 1, boundary untouched | 1 receipt(s) deleted | 1 | 0 | 0 |
            | late request demo/1/work-1 | created (effect 2) | 2 | 1 | 0 |

            ### Seal epoch 1 (close and collect), then late requests

            | step | answer | effects | receipts | closed_through |
            | --- | --- | --- | --- | --- |
            | execute demo/1/work-1 | created (effect 1) | 1 | 1 | 0 |
            | close and collect through epoch 1 | closed_through 0 -> 1, 1 receipt(s) deleted | 1 | 0 | 1 |
            | late request demo/1/work-1 | closed | 1 | 0 | 1 |
            | never-seen op demo/1/work-9 | closed | 1 | 0 | 1 |
            | new op demo/2/work-2 | created (effect 2) | 2 | 1 | 1 |

            ### Result tombstone

            | step | answer | effects | receipts | closed_through |
            | --- | --- | --- | --- | --- |
            | execute demo/1/work-1 | created (effect 1) | 1 | 1 | 0 |
            | expire the result of demo/1/work-1 | expired | 1 | 1 | 0 |
            | same key, same params | result_expired | 1 | 1 | 0 |
            | same key, changed params | conflict | 1 | 1 | 0 |

            ### Monotonic boundary

            | step | answer | effects | receipts | closed_through |
            | --- | --- | --- | --- | --- |
            | execute demo/1/work-1 | created (effect 1) | 1 | 1 | 0 |
            | close and collect through epoch 3 | closed_through 0 -> 3, 1 receipt(s) deleted | 1 | 0 | 3 |
            | close and collect through epoch 1 | refused: BoundaryLoweringException, current boundary 3 | 1 | 0 | 3 |
            | re-initialise the store on the same file | closedThrough(demo) = 3 | 1 | 0 | 3 |
            | late request demo/2/work-2 | closed | 1 | 0 | 3 |

            ### Namespace isolation (seal demo through 1)

            | namespace | closed_through | receipts after the seal | retry of 1/work-1 | new op 1/work-2 |
            | --- | --- | --- | --- | --- |
            | demo | 1 | 0 | closed | closed |
            | other | 0 | 1 | replayed (effect 2) | created (effect 3) |

            ### Crash inside close_and_collect (real process exits; demo/1/work-1 executed, then close through epoch 1)

            | close_and_collect dies | boundary | exit | closed_through before recovery | receipts before recovery | old request after recovery | effects after recovery |
            | --- | --- | --- | --- | --- | --- | --- |
            | after the boundary update, before commit | `close-and-collect.after-boundary-update` | 73 | 0 | 1 | replayed (effect 1) | 1 |
            | after the delete, before commit | `close-and-collect.after-receipt-delete` | 73 | 0 | 1 | replayed (effect 1) | 1 |
            | after commit, before reply | `close-and-collect.after-commit` | 73 | 1 | 0 | closed | 1 |

            Each row is a child JVM that the boundary engine halts at the named boundary of `ReferenceBoundaries`; `exit` is the exit code the report read from that process. Recovery is a new `RetentionStore` in the report's JVM.

            In process (the same three crashes in the report's JVM, where the boundary engine rolls back and closes every connection of the dead run and unwinds it): the same rows.

            ### Crash inside execute (real process exits; demo/1/work-1 on a fresh file), then the retry

            | execute dies | boundary | exit | effects before recovery | receipts before recovery | retry after recovery | effects after recovery |
            | --- | --- | --- | --- | --- | --- | --- |
            | after the effect insert, before the receipt insert | `execute.after-effect-insert` | 73 | 0 | 0 | created (effect 1) | 1 |
            | after commit, before reply | `execute.after-commit` | 73 | 1 | 1 | replayed (effect 1) | 1 |

            Each row is a child JVM that the boundary engine halts at the named boundary of `ReferenceBoundaries`; `exit` is the exit code the report read from that process. Recovery is a new `RetentionStore` in the report's JVM.

            In process (the same two crashes in the report's JVM, where the boundary engine rolls back and closes every connection of the dead run and unwinds it): the same rows.

            ### A trigger rejects the receipt delete inside close and collect

            | step | answer | effects | receipts | closed_through |
            | --- | --- | --- | --- | --- |
            | execute demo/1/work-1 | created (effect 1) | 1 | 1 | 0 |
            | close and collect through epoch 1 | StoreException, whole transaction rolled back | 1 | 1 | 0 |
            | retry demo/1/work-1 | replayed (effect 1) | 1 | 1 | 0 |

            ### 8 threads, 16 calls, one key

            | threads | calls | created | replayed | other | effects |
            | --- | --- | --- | --- | --- | --- |
            | 8 | 16 | 1 | 15 | 0 | 1 |

            ### Hazard: re-sending an op under a new epoch (documented, not hidden)

            | step | answer | effects | receipts | closed_through |
            | --- | --- | --- | --- | --- |
            | execute demo/1/work-1 | created (effect 1) | 1 | 1 | 0 |
            | close and collect through epoch 1 | closed_through 0 -> 1, 1 receipt(s) deleted | 1 | 0 | 1 |
            | re-send demo/1/work-1 | closed | 1 | 0 | 1 |
            | re-send as demo/2/work-1 | created (effect 2) | 2 | 1 | 1 |

            The key includes the epoch, so `demo/2/work-1` is a new key: there is no dedup across epochs. Epochs must come from trusted task state, never be changed to get past `closed`.
            """;

    @Test
    void rendersTheExpectedResultsOfSectionThree() throws Exception {
        assertThat(RenderedSections.of(RetentionScenarios.class)).isEqualTo(EXPECTED);
    }

    @Test
    void theTextHoldsNoPathOfItsFiles() throws Exception {
        assertThat(RenderedSections.of(RetentionScenarios.class))
                .doesNotContain(System.getProperty("java.io.tmpdir"))
                .doesNotContain(".db");
    }
}
