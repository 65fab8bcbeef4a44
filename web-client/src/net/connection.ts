// One WebSocket to the server speaking protocol v1 (docs/protocol.md): hello, then requests
// matched to replies by id; pushed messages go to listeners. On a drop it reconnects and the
// app logs in again with its token and joins again (a fresh snapshot).
export type Message = { type: string; [k: string]: unknown };

export class ServerError extends Error {
  constructor(public code: string, message: string, public path?: string) {
    super(message);
  }
}

type Pending = { resolve: (m: Message) => void; reject: (e: Error) => void };

export class Connection {
  private ws: WebSocket | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private listeners = new Set<(m: Message) => void>();
  private closedByUs = false;
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
    if (this.closedByUs) return;
    setTimeout(() => this.reopen(1000), 1000);
  }

  private async reopen(delay: number): Promise<void> {
    try {
      await this.open();
      this.onReconnect?.();
    } catch {
      setTimeout(() => this.reopen(Math.min(delay * 2, 15000)), delay);
    }
  }
}
