// Orders saved to the server as a draft while the player edits them ("never lose work", issue
// 31): a debounced save after the last edit, at once when the page is hidden, one request at a
// time. Pure: the timer, the clock and the request are the host's, so the unit test drives it
// with a fake clock (test/autosave.test.mjs).
//
// Each edit counts one generation; the server holds the drafts of the generation last saved.
// The drafts are unsaved while the count is ahead of it. A save the server refuses keeps the
// local edits (nothing is reset) and is not sent again until the next edit.

export type SaveStatus =
  | { kind: "clean" }                       // nothing unsaved, nothing to say
  | { kind: "pending" }                     // edited; the save waits for the edits to pause
  | { kind: "saving" }                      // a save is on its way
  | { kind: "saved"; at: number }           // the server holds the drafts (at: ms since the epoch)
  | { kind: "refused"; reason: string }     // the server refused them (invalid_orders)
  | { kind: "failed"; reason: string }      // not saved: offline, period closed, …
  | { kind: "held"; state: string };        // orders already submitted or confirmed: not autosaved

export interface AutosaveHost {
  delayMs: number;
  // true when a draft may be saved now; otherwise why not: the stored orders' state
  // ("submitted", "confirmed") or "closed".
  canSave(): true | string;
  // Sends the drafts as they are now as a draft. Rejects with an error carrying `code` and
  // `message` (a ServerError) when refused or not sent.
  save(): Promise<void>;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
  now(): number;
}

export class Autosave {
  status: SaveStatus = { kind: "clean" };
  private edits = 0;           // generations of edits
  private saved = 0;           // the generation the server holds
  private refused = -1;        // the generation last refused: not sent again
  private inFlight: Promise<void> | null = null;
  private again = false;       // a save was due while one was on its way
  private exclusive = 0;       // explicit sends running (Save draft, Submit, Confirm)
  private timer: unknown = null;
  private epoch = 0;           // bumped by reset(): a reply from before it is ignored
  private listeners = new Set<(s: SaveStatus) => void>();

  constructor(private host: AutosaveHost) {}

  get dirty(): boolean { return this.edits !== this.saved; }
  get generation(): number { return this.edits; }
  get busy(): boolean { return this.inFlight !== null; }

  subscribe(fn: (s: SaveStatus) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private set(s: SaveStatus): void {
    this.status = s;
    for (const l of [...this.listeners]) l(s);
  }

  // The player changed the drafts.
  edited(): void {
    this.edits++;
    const can = this.host.canSave();
    if (can !== true) {
      this.cancelTimer();
      this.set({ kind: "held", state: can });
      return;
    }
    this.restartTimer();
    if (!this.inFlight) this.set({ kind: "pending" });
    else this.again = true;
  }

  // Save now if anything is unsaved (the page is being hidden or closed).
  flush(): void {
    this.cancelTimer();
    this.run();
  }

  // After a failure to send (offline), once the connection is back: try again.
  retry(): void {
    if (this.status.kind === "failed") this.flush();
  }

  // An explicit send (Save draft, Submit, Confirm): waits for a save on its way, runs `send`
  // with no autosave beside it, and resumes after it. `send` resolves with whether it stored
  // the drafts as they were at generation `at` (then they count as saved).
  async alone(at: number, send: () => Promise<boolean>): Promise<void> {
    this.cancelTimer();
    this.exclusive++;
    try {
      while (this.inFlight) await this.inFlight;
      const epoch = this.epoch;
      const stored = await send();
      if (stored && epoch === this.epoch) {
        this.saved = Math.max(this.saved, at);
        if (this.refused <= at) this.refused = -1;
        if (!this.dirty) this.set({ kind: "clean" });
      }
    } finally {
      this.exclusive--;
      if (this.exclusive === 0 && this.dirty && this.status.kind !== "held") this.restartTimer();
    }
  }

  // A new period or campaign: nothing is unsaved, and a reply still on its way is ignored.
  reset(): void {
    this.epoch++;
    this.cancelTimer();
    this.edits = 0;
    this.saved = 0;
    this.refused = -1;
    this.again = false;
    this.inFlight = null;
    this.set({ kind: "clean" });
  }

  private restartTimer(): void {
    this.cancelTimer();
    this.timer = this.host.setTimer(() => { this.timer = null; this.run(); }, this.host.delayMs);
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.host.clearTimer(this.timer);
    this.timer = null;
  }

  private run(): void {
    if (this.inFlight || this.exclusive > 0) { this.again = true; return; }
    if (!this.dirty || this.edits === this.refused) return;
    const can = this.host.canSave();
    if (can !== true) { this.set({ kind: "held", state: can }); return; }
    const at = this.edits;
    const epoch = this.epoch;
    this.again = false;
    this.set({ kind: "saving" });
    const done = this.host.save().then(
      () => {
        if (epoch !== this.epoch) return;
        this.saved = Math.max(this.saved, at);
        this.set(this.dirty ? { kind: "pending" } : { kind: "saved", at: this.host.now() });
      },
      (e: unknown) => {
        if (epoch !== this.epoch) return;
        const err = e as { code?: string; message?: string };
        const reason = err?.message ?? String(e);
        if (err?.code === "invalid_orders") {
          if (this.edits === at) this.refused = at;
          this.set({ kind: "refused", reason });
        } else {
          this.set({ kind: "failed", reason });
        }
      },
    ).finally(() => {
      if (epoch !== this.epoch) return;
      this.inFlight = null;
      // Edited while it was on its way: save again, at once if the pause is already over.
      if (this.again && this.timer === null) this.run();
      else if (this.dirty && this.timer === null && this.status.kind === "pending") this.restartTimer();
    });
    this.inFlight = done;
  }
}

// A refusal in the player's words: "order 1 (Hadewych's army): a forced march needs a path".
// `forces[i]` is the name of the force of order i + 1 as it was sent.
export function refusalText(reason: string, forces: string[]): string {
  return reason.replace(/^order (\d+): /, (m, n: string) => {
    const name = forces[Number(n) - 1];
    return name ? `order ${n} (${name}): ` : m;
  });
}

// The status line under the order buttons; "" when there is nothing to say. `time` formats a
// moment in the viewer's own time ("14:05").
export function saveStatusText(s: SaveStatus, time: (ms: number) => string): string {
  switch (s.kind) {
    case "clean": return "";
    case "pending": return "Unsaved changes…";
    case "saving": return "Saving…";
    case "saved": return `Draft saved at ${time(s.at)}`;
    case "refused": return `Draft not saved: ${s.reason} — fix it or keep editing`;
    case "failed": return `Draft not saved: ${s.reason} — your changes are still here`;
    case "held": return s.state === "closed"
      ? "Unsent changes: orders are closed for this period"
      : `Unsent changes: your ${s.state} orders stand until you submit again`;
  }
}
