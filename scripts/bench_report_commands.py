"""The "one transaction per command" section of docs/benchmarks.md (issue 29), from
bench/storage_bench's and bench/server_start_bench's JSON: each figure beside the baseline
measured in the same run, as a ratio."""


def _times(doc):
    """Real time in ms of each run, keyed by its name without "/real_time"."""
    out = {}
    for b in doc["benchmarks"]:
        if b.get("run_type", "iteration") != "iteration":
            continue
        scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b.get("time_unit", "ns")]
        out[b["name"].removesuffix("/real_time")] = b["real_time"] * scale
    return out


def section(storage_doc, start_doc):
    st, start = _times(storage_doc), _times(start_doc)
    rows = [
        ("a 1,000-force period committed inside a `force_advance` command (with its GM action "
         "and the next period's deadline)", st.get("BM_CommitPeriodInACommand"),
         "the same period committed alone", st.get("BM_CommitPeriod")),
        ("the same inside a command that writes nothing else", st.get("BM_CommitPeriodInAnEmptyCommand"),
         "the same period committed alone", st.get("BM_CommitPeriod")),
        ("a GM command's writes (campaign, deadline, GM action) in one commit",
         st.get("BM_GmCommandOneCommit"), "the same as three commits", st.get("BM_GmCommandThreeCommits")),
        ("a 1,000-force period committed on PostgreSQL (issue 33: durable, a server on this "
         "machine over TCP)", st.get("BM_CommitPeriodPostgres"),
         "the same period committed alone on SQLite", st.get("BM_CommitPeriod")),
        ("restart with 100 campaigns (store open, every room loaded, timers set)",
         start.get("BM_Restart/100"), "the same restart with one campaign",
         start.get("BM_RestartBaselineOneCampaign/1")),
    ]
    lines = ["## One transaction per command (issue 29)", "",
             "`bench/storage_bench` and `bench/server_start_bench`: every GM command commits all it "
             "changes in one transaction (docs/protocol.md), and a period resolved by a command is "
             "committed inside it. Goal: the period's commit within 1.1× of the same commit alone.", "",
             "| what | time (ms) | baseline, same run | baseline (ms) | ratio |", "|---|---:|---|---:|---:|"]
    for what, t, base_what, base in rows:
        if t is None or base is None:
            continue
        lines.append(f"| {what} | {t:.2f} | {base_what} | {base:.2f} | {t / base:.2f}× |")
    inside, alone = st.get("BM_CommitPeriodInACommand"), st.get("BM_CommitPeriod")
    if inside and alone:
        verdict = "met" if inside / alone <= 1.1 else "not met"
        lines += ["", f"The period's commit inside a command: {inside / alone:.2f}× the commit alone "
                      f"against the 1.1× goal ({verdict} in this run)."]
    lines += ["", "The commit alone used to take about a third less, because it never checkpointed: one "
                  "of its statements was still on a row at `COMMIT`, which kept a read transaction "
                  "open, so the checkpoint after the commit could not run (`SQLITE_LOCKED`) and the "
                  "WAL grew by each period's megabyte without bound. The statement is now finished "
                  "before `COMMIT`, and a checkpoint that could not run is run at the start of the "
                  "next transaction (`storage/sqlite_connection.cpp`; test "
                  "`FileIdentity.ACommitUnderAStatementStillReadingIsCheckpointedByTheNext`). Both "
                  "sides of the ratio now checkpoint. A single run's ratios move by some 10% (the "
                  "empty command writes strictly less than the full one)."]
    return lines + [""]
