// The browser's side of notifications (logic/notify.ts decides what they say): the permission,
// asked for only when the viewer presses the button; the per-campaign preference in
// localStorage; and showing one, whose click brings the window forward and opens its tab.
import { Alert, Permission, mayShow, notifyKey } from "../logic/notify.js";

export class Notifier {
  private listeners = new Set<() => void>();

  constructor(private open: (alert: Alert) => void) {
    // The permission changed in the browser's site settings: the Notifications tab says so.
    try {
      void navigator.permissions?.query({ name: "notifications" as PermissionName })
        .then((status) => { status.onchange = () => this.changed(); }, () => {});
    } catch { /* no Permissions API: the tab reads the permission when drawn */ }
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
  private changed(): void { for (const l of this.listeners) l(); }

  permission(): Permission {
    if (typeof Notification === "undefined") return "unsupported";
    return Notification.permission as Permission;
  }

  isOn(campaign: string): boolean {
    try { return localStorage.getItem(notifyKey(campaign)) === "on"; } catch { return false; }
  }

  setOn(campaign: string, on: boolean): void {
    try {
      if (on) localStorage.setItem(notifyKey(campaign), "on");
      else localStorage.removeItem(notifyKey(campaign));
    } catch { /* storage refused (private mode): on for this page only is not worth a state */ }
    this.changed();
  }

  // Only from a click: browsers refuse (and count against the site) a request made on load.
  async ask(): Promise<Permission> {
    if (typeof Notification === "undefined") return "unsupported";
    // Older Safari answers through a callback, not a promise.
    const answer = await new Promise<string>((resolve) => {
      const p = Notification.requestPermission((r) => resolve(r));
      if (p && typeof p.then === "function") p.then(resolve, () => resolve(Notification.permission));
    });
    this.changed();
    return answer as Permission;
  }

  // Shows `alert` if the viewer turned notifications on for its campaign, the browser allows
  // them and the page is not in view. Returns whether it was shown.
  show(alert: Alert): boolean {
    if (!mayShow(this.isOn(alert.campaign), this.permission(), document.visibilityState)) return false;
    try {
      const n = new Notification(alert.title, { body: alert.body, tag: alert.tag, lang: "en" });
      n.onclick = () => {
        window.focus();
        n.close();
        this.open(alert);
      };
      return true;
    } catch {
      return false;  // a browser that shows them only through a service worker (Chrome on Android)
    }
  }
}
