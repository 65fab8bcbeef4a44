// Where the app is, as the URL's hash, so that refresh, Back and links work:
//   #/campaigns                       the campaign list
//   #/c/<campaign>/<tab>              a campaign's tab (map, decisions, reports, press,
//                                     notifications, gm)
//   #/c/<campaign>/reports/<period>   one period's report, open
// Anything else (an empty or mangled hash) is "none": the app picks where to go.
export const TABS = ["map", "decisions", "reports", "press", "notifications", "gm"] as const;
export type TabId = (typeof TABS)[number];

export interface Route {
  screen: "none" | "campaigns" | "campaign";
  campaign?: string;
  tab?: TabId;
  period?: number;
}

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, "").split("/").filter((p) => p !== "");
  if (parts.length === 1 && parts[0] === "campaigns") return { screen: "campaigns" };
  if (parts[0] !== "c" || parts.length < 2 || parts.length > 4) return { screen: "none" };
  let campaign: string;
  try { campaign = decodeURIComponent(parts[1]); } catch { return { screen: "none" }; }
  if (campaign === "") return { screen: "none" };
  const route: Route = { screen: "campaign", campaign };
  const tab = parts[2];
  if (tab === undefined) return route;
  if (!(TABS as readonly string[]).includes(tab)) return route;
  route.tab = tab as TabId;
  if (parts[3] !== undefined && tab === "reports" && /^\d{1,9}$/.test(parts[3])) route.period = Number(parts[3]);
  return route;
}

export function formatRoute(route: Route): string {
  if (route.screen === "campaigns") return "#/campaigns";
  if (route.screen !== "campaign" || !route.campaign) return "";
  let out = `#/c/${encodeURIComponent(route.campaign)}/${route.tab ?? "map"}`;
  if (route.tab === "reports" && route.period !== undefined) out += `/${route.period}`;
  return out;
}
