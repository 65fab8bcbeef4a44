// One line of text per event (docs/events.md) for the period reports.
import { GameEvent } from "./view-types.js";
import { CampaignEvent } from "./events.generated.js";
import { describeSize } from "./knowledge.js";

const hx = (h: unknown) => (Array.isArray(h) ? `(${h[0]}, ${h[1]})` : String(h ?? ""));

// Events are typed by the catalogue (protocol/events.json): a field read here that the engine
// does not write fails to compile.
export function eventText(event: GameEvent): string {
  const e = event as unknown as CampaignEvent;  // the server sends only catalogued events
  switch (e.type) {
    case "period_started": return `Day ${e.day}, ${e.period} period (${e.date})`;
    case "order_result": return `Order for ${e.force}: ${e.status}${e.reason ? ` — ${e.reason}` : ""}`;
    case "force_moved": return `${e.force} moves ${hx(e.from)} → ${hx(e.to)}, cost ${e.cost}, ${e.spent}/${e.available} points, ${e.half_period}`;
    case "force_halted": return `${e.force} halts at ${hx(e.hex)}: ${e.reason}`;
    case "contact": return `CONTACT: ${e.forces.join(" and ")} at ${e.hexes.map(hx).join(", ")}, ${e.half_period} (hour ${e.hour})`;
    case "contact_procedure": return `Contact procedure ${e.contact}: ${e.forces.join(", ")}`;
    case "decision": return `${e.force} ${String(e.kind).replace(/_/g, " ")}${e.window ? ` [${e.window}]` : ""}: ${JSON.stringify(e.answer)} (${e.by})`;
    case "dice_roll": return `Roll ${e.die} = ${e.value} for ${e.purpose}${e.force ? ` (${e.force})` : ""}`;
    case "contact_dice": return `Contact dice: ${e.scores.map((s) => `${s.force} ${s.die}→${s.modified}`).join(", ")}`;
    case "intelligence": {
      // A size estimate is shown with its band (estimate ÷ (1 ± p), logic/estimate-band.ts).
      const { size, ...rest } = e.fact;
      return `${e.receiver} learns of ${rest.force ?? "an opponent"}: ${size ? `size ${describeSize(size)}; ` : ""}${JSON.stringify(rest)}`;
    }
    case "scout_result": {
      const reports = e.reports ?? [];
      return `Scout ${e.scout} at ${hx(e.target)}: ${e.result}${reports.map((r) => `; ${r.force} at ${hx(r.hex)}, size ${describeSize(r.size)}`).join("")}`;
    }
    // The figures lost are the disengager's owner's alone (R-11.1); opponents see the percentage.
    case "disengagement": return `${e.force} disengages: total ${e.total}, loses ${typeof e.figures_lost === "number" ? `${e.figures_lost} figures` : `${e.loss_percent}%`}${e.displaced ? ", displaced" : ""}`;
    case "avoided": return `${e.force} avoids ${hx(e.from)} → ${hx(e.to)}`;
    case "contact_ended": return `Contact ${e.contact} ends (${e.step})${e.evaded ? `, evaded by ${JSON.stringify(e.evaded)}` : ""}`;
    case "card_placed": return `${e.side} places ${e.card} at column ${e.column}, row ${e.row}, rotation ${e.rotation}`;
    case "battle": return `BATTLE ${e.contact}: ${e.attacker} attacks, hour ${e.hour}`;
    case "battle_result": return `Battle ${e.battle}: attacker ${e.attacker.outcome}, defender ${e.defender.outcome} (${e.settled_by}; ${e.rule})`;
    case "losses": case "battle_losses": return typeof e.figures === "number" ? `${e.force} ${e.regiment} loses ${e.figures} figures` : `${e.force} ${e.regiment} takes losses`;
    case "displaced": return `${e.force} displaced ${hx(e.from)} → ${hx(e.to)}`;
    case "period_ended": return `End of day ${e.day}, ${e.period} period`;
    default: {
      const { type, audience, ...rest } = e;
      void audience;
      return `${type.replace(/_/g, " ")}: ${JSON.stringify(rest)}`;
    }
  }
}
