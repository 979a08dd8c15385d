package dev.deliverykit.reference.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The ordered-delivery section reproduces the expected results of protocols.md section 2 (that it renders the
 * same text on every run, {@link ScenarioReportTest} checks for the whole report).
 */
class OrderedDeliveryScenariosTest {

    /** protocols.md section 2 in numbers; reviewed by hand against the seed's expected results. */
    private static final String EXPECTED = """
            ## Ordered outbox -> inbox -> apply

            Producer `flow` + `outbox` and consumer `inbox` + `projection` + `effect` in two SQLite files. Flow events: #1 reserved, #2 confirmed, #3 released, amount 3, ids `A1`, `A2`, ... State columns are read back from the committed databases.

            ### Arrival 3, 1, 2 (drain after each arrival)

            | arrival | applied this call | stop reason | applied prefix |
            | --- | --- | --- | --- |
            | only #3 | 0 | gap | (none) |
            | then #1 | 1 | gap | 1 |
            | then #2 | 2 | idle | 1, 2, 3 |

            | final state | last_seq | held | effects in order |
            | --- | --- | --- | --- |
            | released | 3 | 0 | reserved, confirmed, released |

            ### All six arrival orders (drain after each arrival)

            | arrival order | state | last_seq | held | effects |
            | --- | --- | --- | --- | --- |
            | 1, 2, 3 | released | 3 | 0 | reserved, confirmed, released |
            | 1, 3, 2 | released | 3 | 0 | reserved, confirmed, released |
            | 2, 1, 3 | released | 3 | 0 | reserved, confirmed, released |
            | 2, 3, 1 | released | 3 | 0 | reserved, confirmed, released |
            | 3, 1, 2 | released | 3 | 0 | reserved, confirmed, released |
            | 3, 2, 1 | released | 3 | 0 | reserved, confirmed, released |

            ### Counter-example: dedup by id only, apply in arrival order (input 3, 1, 2, 3)

            | consumer | receive outcomes | state | last_seq | held | effects |
            | --- | --- | --- | --- | --- | --- |
            | ordered (apply last_seq + 1) | accepted, accepted, accepted, duplicate | released | 3 | 0 | reserved, confirmed, released |
            | arrival order (dedup by id only, WRONG) | accepted, accepted, accepted, duplicate | confirmed | 2 | 3 | released, reserved, confirmed |

            ### Schema upgrade: #1 as schema 1, #2 and #3 as schema 2 (`units`)

            | consumer | drain | #1 | #2 | #3 | state | last_seq | held |
            | --- | --- | --- | --- | --- | --- | --- | --- |
            | default (schema 1 only) | applied 1, blocked unsupported_schema | applied | blocked unsupported_schema | pending | reserved | 1 | 3 |
            | v2 support on, same stored events | applied 2, idle | applied | applied | applied | released | 3 | 0 |

            Stored events unchanged by the upgrade (same id, seq, body): yes.

            ### Blocked apply reasons (event #1 of a new flow, v2 support on)

            | event #1 | receive | apply | inbox row |
            | --- | --- | --- | --- |
            | schema 7 | accepted | blocked unsupported_schema | blocked unsupported_schema |
            | schema 1 carrying `units` | accepted | blocked invalid_payload | blocked invalid_payload |
            | amount as a string | accepted | blocked invalid_payload | blocked invalid_payload |
            | kind confirmed at seq 1 | accepted | blocked invalid_transition | blocked invalid_transition |
            | amount 4 | accepted | blocked invalid_transition | blocked invalid_transition |

            ### Per-flow isolation: A gets 1 and 3, B gets 1, 2, 3

            | flow | received | drain | state | last_seq | held |
            | --- | --- | --- | --- | --- | --- |
            | A | 1, 3 | applied 1, gap | reserved | 1 | 3 |
            | B | 1, 2, 3 | applied 3, idle | released | 3 | 0 |

            ### Head-of-line: A1 meets a permanent id_conflict

            | call | outcome | outbox accepted | inbox |
            | --- | --- | --- | --- |
            | consumer stores another body as A1 (amount 4) | accepted | A1=0, B1=0 | A1 |
            | relay() #1 | id_conflict A1 | A1=0, B1=0 | A1 |
            | relay() #2 | id_conflict A1 | A1=0, B1=0 | A1 |
            | relay() #3 | id_conflict A1 | A1=0, B1=0 | A1 |
            | relay("B1") | accepted B1 | A1=0, B1=1 | A1, B1 |
            | drain B | applied 1, idle | A1=0, B1=1 | A1, B1 |

            Isolation of apply is not fair dispatch: the default relay picks A1 again every time.

            ### accepted_is_not_applied: relay everything, apply nothing

            | relay outcomes | outbox accepted=1 | inbox pending | projection rows | effect rows |
            | --- | --- | --- | --- | --- |
            | accepted A1, accepted A2, accepted A3, idle | 3 of 3 | 3 of 3 | 0 | 0 |

            A valid, unfinished state: the consumer now owns the events.

            ### Producer outcomes (`advance(event, expected_seq)`, in rule order)

            | advance | expected_seq | outcome | flow | outbox rows |
            | --- | --- | --- | --- | --- |
            | A1 reserved | 0 | committed | reserved seq=1 | 1 |
            | A1 again, same body | 0 | existing | reserved seq=1 | 1 |
            | A1 with amount 4 | 0 | conflict | reserved seq=1 | 1 |
            | A1 on flow B | 0 | conflict | reserved seq=1 | 1 |
            | A1 as schema 2 | 0 | conflict | reserved seq=1 | 1 |
            | new id A1-bis for seq 1 | 0 | stale | reserved seq=1 | 1 |
            | A2 released (skips confirmed) | 1 | invalid_transition | reserved seq=1 | 1 |
            | A2 confirmed with amount 5 | 1 | invalid_transition | reserved seq=1 | 1 |
            | A2 confirmed | 1 | committed | confirmed seq=2 | 2 |
            | A3 released | 2 | committed | released seq=3 | 3 |
            | A1 again after released | 0 | existing | released seq=3 | 3 |
            | A4 reserved (reopen) | 3 | invalid_transition | released seq=3 | 3 |

            ### Receive outcomes

            | receive | outcome | inbox rows |
            | --- | --- | --- |
            | A1 | accepted | A1 |
            | A1 again, same body | duplicate | A1 |
            | A1 with amount 4 | id_conflict | A1 |
            | new id A1-other at (A, 1) | sequence_conflict | A1 |
            | B1 as schema 9 (unknown) | accepted | A1, B1 |

            ### unsafe_dual_write: a trigger rejects the outbox insert

            | producer | advance A1 | flow rows | outbox rows | relay |
            | --- | --- | --- | --- | --- |
            | ordered (one transaction) | StoreException | 0 | 0 | idle |
            | unsafe_dual_write (two transactions, WRONG) | StoreException | 1 | 0 | idle |

            ### A trigger rejects the effect insert during apply

            | step | outcome | projection | effect rows | inbox A1 |
            | --- | --- | --- | --- | --- |
            | receive A1 | accepted | new last_seq=0 held=0 | 0 | pending |
            | apply A with the trigger | StoreException | new last_seq=0 held=0 | 0 | pending |
            | apply A again, trigger dropped | applied | reserved last_seq=1 held=3 | 1 | applied |

            ### Ten crash boundaries (real process exits): advance A1, relay, drain A; the process dies at each boundary

            Each row is a child JVM, producer, relay and consumer in one process, that the boundary engine halts at the named boundary of `ReferenceBoundaries`; `exit` is the exit code the report read from that process. Recovery is new instances in the report's JVM: re-advance A1 with expected_seq 0, relay until idle, drain A. The contract: after recovery every row has exactly one effect for A1, projection `reserved`, `last_seq=1`, `held=3`.

            | # | process dies | boundary | exit | durable state before recovery | recovery | after recovery |
            | --- | --- | --- | --- | --- | --- | --- |
            | 1 | producer: after flow update, before outbox insert | `producer.after-flow-update` | 73 | flow (none), outbox (none), inbox (none), projection new last_seq=0 held=0, effects (none) | advance committed; relay accepted A1, idle; drain applied 1, idle | A1 effects 1, projection reserved last_seq=1 held=3 |
            | 2 | producer: after outbox insert, before commit | `producer.after-outbox-insert` | 73 | flow (none), outbox (none), inbox (none), projection new last_seq=0 held=0, effects (none) | advance committed; relay accepted A1, idle; drain applied 1, idle | A1 effects 1, projection reserved last_seq=1 held=3 |
            | 3 | producer: after commit | `producer.after-commit` | 73 | flow reserved seq=1, outbox A1 accepted=0, inbox (none), projection new last_seq=0 held=0, effects (none) | advance existing; relay accepted A1, idle; drain applied 1, idle | A1 effects 1, projection reserved last_seq=1 held=3 |
            | 4 | consumer: after inbox insert, before receive commit | `consumer.after-inbox-insert` | 73 | flow reserved seq=1, outbox A1 accepted=0, inbox (none), projection new last_seq=0 held=0, effects (none) | advance existing; relay accepted A1, idle; drain applied 1, idle | A1 effects 1, projection reserved last_seq=1 held=3 |
            | 5 | consumer: after receive commit, before the ack returns | `consumer.after-receive-commit` | 73 | flow reserved seq=1, outbox A1 accepted=0, inbox A1 pending, projection new last_seq=0 held=0, effects (none) | advance existing; relay duplicate A1, idle; drain applied 1, idle | A1 effects 1, projection reserved last_seq=1 held=3 |
            | 6 | relay: after writing accepted=1, before producer commit | `relay.after-accepted-update` | 73 | flow reserved seq=1, outbox A1 accepted=0, inbox A1 pending, projection new last_seq=0 held=0, effects (none) | advance existing; relay duplicate A1, idle; drain applied 1, idle | A1 effects 1, projection reserved last_seq=1 held=3 |
            | 7 | relay: after the accepted commit | `relay.after-accepted-commit` | 73 | flow reserved seq=1, outbox A1 accepted=1, inbox A1 pending, projection new last_seq=0 held=0, effects (none) | advance existing; relay idle; drain applied 1, idle | A1 effects 1, projection reserved last_seq=1 held=3 |
            | 8 | apply: after projection update, before effect insert | `apply.after-projection-update` | 73 | flow reserved seq=1, outbox A1 accepted=1, inbox A1 pending, projection new last_seq=0 held=0, effects (none) | advance existing; relay idle; drain applied 1, idle | A1 effects 1, projection reserved last_seq=1 held=3 |
            | 9 | apply: after effect + applied mark, before commit | `apply.after-applied-mark` | 73 | flow reserved seq=1, outbox A1 accepted=1, inbox A1 pending, projection new last_seq=0 held=0, effects (none) | advance existing; relay idle; drain applied 1, idle | A1 effects 1, projection reserved last_seq=1 held=3 |
            | 10 | apply: after commit, before return | `apply.after-commit` | 73 | flow reserved seq=1, outbox A1 accepted=1, inbox A1 applied, projection reserved last_seq=1 held=3, effects A1 reserved | advance existing; relay idle; drain applied 0, idle | A1 effects 1, projection reserved last_seq=1 held=3 |

            In process (the same ten crashes in the report's JVM, where the boundary engine rolls back and closes every connection of the dead run and unwinds it): the same rows.
            """;

    @Test
    void rendersTheContractTablesExactly() throws Exception {
        assertThat(RenderedSections.of(OrderedDeliveryScenarios.class)).isEqualTo(EXPECTED);
    }

    @Test
    void theArrivalTableHasTheContractLayout() throws Exception {
        assertThat(RenderedSections.of(OrderedDeliveryScenarios.class)).contains("""
                | arrival | applied this call | stop reason | applied prefix |
                | --- | --- | --- | --- |
                | only #3 | 0 | gap | (none) |
                | then #1 | 1 | gap | 1 |
                | then #2 | 2 | idle | 1, 2, 3 |
                """);
    }

    @Test
    void theTextHoldsNoPathOfItsFiles() throws Exception {
        assertThat(RenderedSections.of(OrderedDeliveryScenarios.class))
                .startsWith("## Ordered outbox -> inbox -> apply\n")
                .doesNotContain(System.getProperty("java.io.tmpdir"))
                .doesNotContain(".db");
    }
}
