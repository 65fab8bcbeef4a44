// One WebSocket to the server speaking protocol v1 (docs/protocol.md): hello, then requests
// matched to replies by id; pushed messages go to listeners. On a drop it reconnects and the
// app logs in again with its token and joins again (a fresh snapshot).
//
// Reconnecting is one loop: at most one retry is ever scheduled (a failed attempt reports both an
// error and a close, and each used to schedule its own retry, so the attempts doubled into a
// flood that locked everyone behind the address out after a server restart). The waits grow
// exponentially with jitter, up to a cap, and start again after a success.
export type Message = { type: string; [k: string]: unknown };

export class ServerError extends Error {
  constructor(public code: string, message: string, public path?: string) {
    super(message);
  }
}

type Pending = { resolve: (m: Message) => void; reject: (e: Error) => void };

const RETRY_FIRST_MS = 1_000;
const RETRY_CAP_MS = 30_000;

export class Connection {
  private ws: WebSocket | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private listeners = new Set<(m: Message) => void>();
  private closedByUs = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;  // consecutive failed attempts: the next wait doubles with each
  onReconnect: (() => void) | null = null;
  onStatus: ((status: "online" | "offline" | "connecting") => void) | null = null;

  constructor(private url: string) {}

  static forPage(): Connection {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return new Connection(`${scheme}://${location.host}/ws`);
  }

  async open(): Promise<void> {
    this.onStatus?.("connecting");
    await new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(this.url);
      this.ws = ws;
      ws.onopen = () => resolve();
      ws.onerror = () => reject(new Error("cannot reach the server"));
      ws.onmessage = (e) => this.receive(String(e.data));
      ws.onclose = () => this.closed();
    });
    await this.request({ type: "hello", versions: [1], client: "umpire-web 0.1" });
    this.onStatus?.("online");
  }

  close(): void {
    this.closedByUs = true;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.ws?.close();
  }

  on(listener: (m: Message) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  request(msg: Record<string, unknown>): Promise<Message> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return reject(new ServerError("offline", "not connected to the server"));
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ ...msg, id }));
    });
  }

  private receive(text: string): void {
    let msg: Message;
    try { msg = JSON.parse(text); } catch { return; }
    const re = msg.re as number | undefined;
    if (typeof re === "number" && this.pending.has(re)) {
      const p = this.pending.get(re)!;
      this.pending.delete(re);
      if (msg.type === "error") p.reject(new ServerError(String(msg.code), String(msg.message), msg.path as string | undefined));
      else p.resolve(msg);
      return;
    }
    for (const l of this.listeners) l(msg);
  }

  private closed(): void {
    for (const p of this.pending.values()) p.reject(new ServerError("offline", "the connection closed"));
    this.pending.clear();
    this.onStatus?.("offline");
    this.scheduleReconnect();
  }

  // Waits of 0.5–1 s, 1–2 s, 2–4 s, … up to 15–30 s: random within each band, so that the tabs
  // of a whole group do not come back at the same instant.
  private scheduleReconnect(): void {
    if (this.closedByUs || this.retryTimer !== null) return;
    const band = Math.min(RETRY_CAP_MS, RETRY_FIRST_MS * 2 ** this.failures);
    const wait = band / 2 + Math.random() * (band / 2);
    this.failures++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.reopen();
    }, wait);
  }

  private async reopen(): Promise<void> {
    try {
      await this.open();
    } catch {
      this.ws?.close();  // its close schedules the next attempt, unless one is already waiting
      this.scheduleReconnect();
      return;
    }
    this.failures = 0;
    this.onReconnect?.();
  }
}
