// One line of words per event (docs/events.md) for the period reports: every type of the event
// catalogue has its sentence, and none shows JSON (test/event-text.test.mjs checks every type).
// `name` turns a force id into the name this viewer knows it by.
import { GameEvent } from "./view-types.js";
import { CampaignEvent } from "./events.generated.js";
import { describeComposition, describeSize } from "./knowledge.js";
import { answerWords, count, hx, list, modifiers, path, words } from "./event-words.js";
import { perCompany } from "./recovery.js";

export type ForceName = (id: string) => string;

// Events are typed by the catalogue (protocol/events.json): a field read here that the engine
// does not write fails to compile.
export function eventText(event: GameEvent, name: ForceName = (id) => id): string {
  const e = event as unknown as CampaignEvent;  // the server sends only catalogued events
  const n = (id: unknown) => name(String(id));
  const names = (ids: readonly unknown[]) => list(ids.map(n));
  switch (e.type) {
    case "period_started": return `Day ${e.day}, ${e.period} period begins (${e.date})`;
    case "order_result": return `Order ${e.order} of ${e.player} for ${n(e.force)}: ${words(e.status)}${e.reason ? ` — ${words(e.reason)}` : ""}`;
    case "regiments_reordered": return `${n(e.force)} orders its regiments: ${list(e.regiments)}`;
    case "scout_result": {
      const reports = (e.reports ?? []).map((r) => `${n(r.force)} at ${hx(r.hex)}, size ${describeSize(r.size)}`);
      return `Scout ${e.scout} of ${n(e.force)} at ${hx(e.target)}: ${words(e.result)}${reports.length ? ` — finds ${reports.join("; ")}` : ""}`;
    }
    case "scout_captured": return `${n(e.force)} captures scout ${e.scout}, sent by ${n(e.sent_by)}`;
    case "dice_roll": return `Roll ${e.die} = ${e.value} for ${words(e.purpose)}${e.force ? ` (${n(e.force)})` : ""}${e.needed !== undefined ? `, needing ${e.needed}` : ""}`;
    case "rolloff": return `Roll-off for ${words(e.purpose.replace(/^rolloff_(for_)?/, ""))} between ${names(e.forces)}: ${n(e.winner)} wins${e.rounds > 1 ? ` after ${e.rounds} rounds` : ""}${e.hex ? ` (hex ${hx(e.hex)})` : ""}`;
    case "force_moved": return `${n(e.force)} moves ${hx(e.from)} → ${hx(e.to)}, cost ${e.cost}, ${e.spent} of ${e.available} points spent, ${e.half_period}`;
    case "became_unformed": return `${n(e.force)} becomes unformed at ${hx(e.hex)}: ${words(e.reason)}`;
    case "force_halted": return `${n(e.force)} halts at ${hx(e.hex)}: ${words(e.reason)}`;
    case "stepped_back": return `${n(e.force)} steps back ${hx(e.from)} → ${hx(e.to)}`;
    case "contact": return `${e.renewed ? "Renewed contact" : "Contact"}: ${names(e.forces)} at ${e.hexes.map(hx).join(", ")}, ${e.half_period} (hour ${e.hour})`;
    case "saved_points": return `${n(e.force)} saves ${e.points} move points for tomorrow (${e.before} before)`;
    case "saved_points_lost": return `${n(e.force)} loses ${e.points} saved move points: ${words(e.reason)}`;
    case "readiness_recovered": return `${n(e.force)} is ${words(e.readiness)} again`;
    case "reformed": return `${n(e.force)} re-forms`;
    case "forced_march_ended": return `${n(e.force)} ends its forced march: ${words(e.order_state)}`;
    case "period_ended": return `End of day ${e.day}, ${e.period} period`;
    case "movement_resumed": return `${n(e.force)} goes on with its path from ${hx(e.hex)}`;
    case "contact_procedure": return `${e.second_contact ? "Second contact" : "Contact"} procedure ${e.contact}: ${names(e.forces)}, ${e.half_period}`;
    case "decision": return `${n(e.force)}, ${words(e.kind)}${e.window ? ` (${words(e.window)})` : ""}: ${answerWords(e.answer, e.kind)} — ${e.by === "player" ? "its player's answer" : words(e.by)}`;
    case "engagements_chosen": return `Contact ${e.contact}: ${e.separate ? "separate engagements" : "one engagement"}`;
    case "support_role": return `${n(e.force)} supports ${n(e.supports)}`;
    case "relief": return `Contact ${e.contact}: ${n(e.force)} relieves ${n(e.relieved)} — ${n(e.force)} to ${hx(e.to)} (cost ${e.cost}), ${n(e.relieved)} to ${hx(e.relieved_to)} (cost ${e.relieved_cost})`;
    case "reinforced": return `Contact ${e.contact}: ${n(e.force)} reinforces ${n(e.reinforces)} at ${hx(e.hex)}; the displacement is cancelled, the losses stand`;
    case "maneuvered": return `Contact ${e.contact}: ${n(e.force)} maneuvers ${hx(e.from)} → ${hx(e.to)} against ${n(e.target)}, cost ${e.cost}`;
    case "maneuver_refused": return `Contact ${e.contact}: ${n(e.force)} cannot maneuver against ${n(e.target)}: ${words(e.reason)}`;
    case "contact_rested": return `Contact ${e.contact}: ${names(e.forces)} all rest — they fight on the morrow`;
    case "delayed": return `${n(e.force)} delays ${names(e.opponents)} for the half period`;
    case "avoided": return `${n(e.force)} avoids ${hx(e.from)} → ${hx(e.to)}, cost ${e.cost}`;
    case "contact_dice": return `Contact dice: ${e.scores.map((s) => `${n(s.force)} rolls ${s.die}, ${modifiers(s.modifiers)}: ${s.modified} (score ${s.table_score})`).join("; ")}`;
    case "contact_hour": return `Contact ${e.contact} happens at hour ${e.hour}`;
    case "intelligence": {
      // A size estimate is shown with its band (estimate ÷ (1 ± p), logic/estimate-band.ts).
      const f = e.fact;
      const parts = [f.aware ? "aware of it" : "not aware of it", `score ${f.score}`];
      if (f.size) parts.push(`size ${describeSize(f.size)}`);
      if (f.composition) parts.push(`composition ${describeComposition(f.composition)}`);
      return `${n(e.receiver)} learns of ${n(f.force)} (contact ${e.contact}): ${parts.join(", ")}`;
    }
    case "reconnaissance_order": return `Reconnaissance: ${words(e.first_side)} (${n(e.first_force)}) first, then ${words(e.second_side)} (${n(e.second_force)}); ${e.n} cards, in the order ${list(e.sequence)}`;
    case "terrain_deck": return `Terrain deck: ${list(e.deck.map(words))}${e.swaps.length ? `; swapped: ${e.swaps.map((s) => `${words(s.terrain)} (in ${list(s.in)}, out ${list(s.out)})`).join("; ")}` : ""}`;
    case "card_placed": return `${words(e.side)} places ${words(e.card)} at column ${e.column}, row ${e.row}, turned ${e.rotation}`;
    case "card_placement_refused": return `Contact ${e.contact}: a card placement is refused: ${words(e.reason)}`;
    // The figures lost are the disengager's owner's alone (R-11.1); opponents see the percentage.
    case "disengagement": return `${n(e.force)} disengages: die ${e.die}, total ${e.total}, loses ${typeof e.figures_lost === "number" ? count(e.figures_lost, "figure") : `${e.loss_percent}%`}${e.destroyed ? ", destroyed" : ""}${e.displaced ? ", displaced" : ""}${e.opponents.length ? `; against ${e.opponents.map((o) => `${n(o.force)} (die ${o.die}, total ${o.total})`).join(", ")}` : ""}`;
    case "losses": case "battle_losses": return typeof e.figures === "number" ? `${n(e.force)}: regiment ${e.regiment} loses ${count(e.figures, "figure")}` : `${n(e.force)}: regiment ${e.regiment} takes losses`;
    case "regiment_destroyed": return `${n(e.force)}: regiment ${e.regiment} is destroyed`;
    case "force_eliminated": return `${n(e.force)} is eliminated`;
    case "displaced": return `${n(e.force)} is displaced ${hx(e.from)} → ${hx(e.to)}`;
    case "contact_ended": return `Contact ${e.contact} ends (${words(e.step)})${e.evaded?.length ? `, evaded by ${names(e.evaded)}` : ""}`;
    case "battle": return `Battle at contact ${e.contact}: ${n(e.attacker)} attacks, hour ${e.hour}, ${e.half_period}; ${e.battlefield.length} terrain cards on the field`;
    case "battle_result": {
      const side = (s: typeof e.attacker) => `${words(s.side)} ${words(s.outcome)}${s.elements_lost !== undefined ? ` (${count(s.elements_lost, "element")} lost)` : ""}`;
      return `Battle ${e.battle}: ${side(e.attacker)}, ${side(e.defender)} — settled by ${words(e.settled_by)} (${words(e.rule)})${e.pursuit ? ", pursuit" : ""}`;
    }
    case "quick_battle": {
      const side = (s: typeof e.attacker) => `${words(s.side)}: ${s.elements} elements, die ${s.die}, ${modifiers(s.modifiers)}, total ${s.total} — ${words(s.outcome)}, ${s.loss_percent}% losses`;
      return `Quick battle, margin ${e.margin}: ${side(e.attacker)}; ${side(e.defender)}`;
    }
    case "battle_recovery": return `${words(e.side)} (${words(e.outcome)}) recovers ${count(e.recovered, "figure")} by ${words(e.method)} and pays ${e.penalty} in penalty, of ${e.lost} lost${e.regiments.length ? `: ${e.regiments.map((r) => `${r.regiment} ${r.recovered} of ${r.lost}`).join(", ")}` : ""}`;
    // How many figures, and per company, are the owner's alone (R-11.1): others read that it happened.
    case "recovery_applied": {
      if (typeof e.recovered !== "number") return `${n(e.force)}: regiment ${e.regiment} recovers after the battle`;
      // "(1 to company 2)": the companies by their place in the regiment, as the choice gave them.
      const per = (values: number[] | undefined, to: string) => {
        const parts = perCompany(values, to);
        return parts.length ? ` (${list(parts)})` : "";
      };
      return `${n(e.force)}: regiment ${e.regiment} recovers ${count(e.recovered, "figure")}${per(e.recovered_by_company, "to")} and pays ${count(e.penalty ?? 0, "figure")} in penalty${per(e.penalty_by_company, "from")}`;
    }
    case "retreat_move": return `${n(e.force)} retreats from ${hx(e.from)}: ${path(e.path)}`;
    case "rout_move": return `${n(e.force)} routs from ${hx(e.from)}: ${path(e.path)}`;
    case "surrendered": return `${n(e.force)} at ${hx(e.from)} has nowhere to go and surrenders to ${n(e.captor)}: ${e.figures} figures lost`;
    case "routed_off_map": return `${n(e.force)} routs off the map from ${hx(e.from)} at ${hx(e.exit)}: ${e.figures} figures lost`;
    case "morale_check": return `${n(e.force)}: morale check of regiment ${e.regiment} — dice ${e.dice.join(" and ")} (${e.reading}), ${modifiers(e.modifiers)}, total ${e.total} against ${e.morale_value}: ${e.passed ? "passed" : "failed"}; now ${words(e.order_state)}, ${words(e.readiness)}`;
    case "rout_to_refuge": return `${n(e.force)} routs from ${hx(e.from)} toward refuge at ${hx(e.refuge)}: ${path(e.path)}`;
    case "rout_stays": return `${n(e.force)} fails its morale but has no refuge: it stays at ${hx(e.from)}`;
    case "readiness": return `${n(e.force)} is now ${words(e.readiness)}: ${words(e.reason)}`;
    case "standing_instructions_set": return `${n(e.force)}'s standing instructions are set`;
    default: {
      const unhandled: never = e;  // a type added to the catalogue fails to compile here
      void unhandled;
    }
  }
  // A type the catalogue does not declare: the server sends none (schemas are closed).
  return words((event as { type?: unknown }).type ?? "event");
}
