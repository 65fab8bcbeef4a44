// Sign in with an account and password (a token keeps the session across reloads).
import { App } from "../app.js";
import { field, h } from "../dom.js";

export function loginScreen(app: App): HTMLElement {
  const account = h("input", { name: "account", autocomplete: "username", required: true, autocapitalize: "none" });
  const password = h("input", { name: "password", type: "password", autocomplete: "current-password", required: true });
  const error = h("p", { class: "error", role: "alert" }, app.error);
  const form = h("form", { class: "card narrow", "aria-labelledby": "login-title" },
    h("h1", { id: "login-title" }, "Umpire"),
    h("p", {}, "Sign in to play or run a campaign."),
    field("Account", account),
    field("Password", password),
    h("button", { type: "submit", class: "primary" }, "Sign in"),
    error);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    error.textContent = "";
    try { await app.login(account.value.trim(), password.value); }
    catch (err) { error.textContent = err instanceof Error ? err.message : String(err); }
  });
  setTimeout(() => account.focus(), 0);
  return h("main", { id: "main" }, form);
}
