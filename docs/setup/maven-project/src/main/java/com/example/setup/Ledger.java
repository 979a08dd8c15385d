package com.example.setup;

import java.util.ArrayList;
import java.util.List;

/** The code under test: a ledger that appends entries, in memory. */
public final class Ledger {

    private final List<String> entries = new ArrayList<>();

    public void append(String entry) {
        entries.add(entry);
    }

    public List<String> entries() {
        return List.copyOf(entries);
    }
}
