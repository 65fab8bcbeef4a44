// Sign in with an account and password (a token keeps the session across reloads), or make an
// account with an invite code from a GM: the account takes the invite's seat and is signed in.
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
  return h("main", { id: "main" }, form, signUpForm(app));
}

// Labels avoid the words "Account" and "Password", which name the sign-in fields.
function signUpForm(app: App): HTMLElement {
  const code = h("input", { name: "invite", autocomplete: "off", autocapitalize: "none", required: true });
  const name = h("input", { name: "new-account", autocomplete: "username", autocapitalize: "none", required: true, pattern: "[A-Za-z0-9_.\\-]{1,64}" });
  const secret = h("input", { name: "new-password", type: "password", autocomplete: "new-password", required: true, minLength: 8 });
  const email = h("input", { name: "email", type: "email", autocomplete: "email" });
  const error = h("p", { class: "error", role: "alert" });
  const form = h("form", { class: "card narrow", "aria-labelledby": "signup-title" },
    h("h2", { id: "signup-title" }, "New here? Sign up with an invite"),
    field("Invite code", code, "From your GM"),
    field("Your name", name, "Letters, digits, _ . -"),
    field("Choose a passphrase", secret, "At least 8 characters"),
    field("E-mail (optional)", email),
    h("button", { type: "submit" }, "Sign up"),
    error);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    error.textContent = "";
    try { await app.signUp(code.value.trim(), name.value.trim(), secret.value, email.value.trim()); }
    catch (err) { error.textContent = err instanceof Error ? err.message : String(err); }
  });
  return form;
}
