// Troop types and classes in words (issue 31): the ruleset's codes ("light_horse", "wolf_riders",
// the classes "cavalry", "infantry") never reach the screen as codes. Every place that shows a
// troop type or class — decisions, reports, the forces list, counters' titles, the replay —
// goes through `troopWords`; companies and compositions through the two functions below it.
import { count, list } from "./words.js";

// "light_horse" → "light horse"; a missing type says so.
export function troopWords(code: unknown): string {
  const s = String(code ?? "").replace(/_/g, " ").replace(/\s+/g, " ").trim();
  return s || "troops of unknown type";
}

export interface CompanyLike { type?: unknown; figures?: unknown; share_percent?: unknown; name?: unknown; }

// One company: "16 figures of light horse", "40% spearmen" (a share of the regiment's figures),
// "Sigrun the Bold (1 figure of hero)", or the type alone.
export function companyWords(c: CompanyLike): string {
  const type = troopWords(c?.type);
  const what = typeof c?.figures === "number" ? `${count(c.figures, "figure")} of ${type}`
    : typeof c?.share_percent === "number" ? `${c.share_percent}% ${type}`
    : type;
  return typeof c?.name === "string" && c.name ? `${c.name} (${what})` : what;
}

// A knowledge fact's composition (rules/contact/contact_dice.hpp: by the contact score, `{class}` the
// class with most figures, `{types}`, `{companies: [{type, share_percent}]}` or, exact,
// `{companies: [{type, figures, name?}]}`) in words; null for a shape not known here.
export function compositionWords(comp: unknown): string | null {
  if (!comp || typeof comp !== "object") return null;
  const c = comp as { class?: unknown; types?: unknown; companies?: unknown; classes?: unknown; troop_class?: unknown };
  if (typeof c.class === "string") return `mainly ${troopWords(c.class)}`;
  if (Array.isArray(c.types)) return c.types.length ? list(c.types.map(troopWords)) : "no troops";
  if (Array.isArray(c.companies)) return c.companies.length ? list(c.companies.map((x) => companyWords(x as CompanyLike))) : "no companies";
  const classes = c.classes ?? c.troop_class;
  if (Array.isArray(classes)) return classes.length ? list(classes.map(troopWords)) : "no troops";
  return null;
}
