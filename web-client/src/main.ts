// Entry point: one App, the screen for its state, redrawn in parts as messages arrive.
import { App, Part } from "./ui/app.js";
import { loginScreen } from "./ui/screens/login.js";
import { campaignsScreen } from "./ui/screens/campaigns.js";
import { campaignScreen } from "./ui/screens/campaign.js";
import { parseRoute } from "./logic/route.js";

const root = document.getElementById("app")!;
const app = new App();
let current: { update: (p: Part) => void; dispose: () => void } | null = null;

function show(): void {
  current?.dispose();
  current = null;
  if (app.screen === "login") root.replaceChildren(loginScreen(app));
  else if (app.screen === "campaigns") root.replaceChildren(campaignsScreen(app));
  else {
    const c = campaignScreen(app);
    current = c;
    root.replaceChildren(c.element);
  }
}

app.subscribe((part) => {
  if (part === "screen") return show();
  if (current) current.update(part);
  else if (part === "status" && (app.screen === "login" || app.screen === "campaigns")) {
    const err = root.querySelector(".error");
    if (err) err.textContent = app.error;
  }
});

// Back, Forward and links within the app change only the hash.
window.addEventListener("popstate", () => void app.follow(parseRoute(location.hash)));

(window as unknown as { umpire: App }).umpire = app;
void app.start();
