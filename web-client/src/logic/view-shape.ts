// Gives every view the client holds one shape (docs/protocol.md, "The projection"): the world's
// `forces`, `allies` and `knowledge` are always there, empty where the viewer may see nothing
// (an observer of a "map only" campaign sees the board without pieces). The server sends them
// so; this keeps the screens safe from a view that lacks one (an older server, or a delta that
// removed one), which once stopped an observer from opening a campaign (issue 28, defect 6).
import { CampaignView, World } from "./view-types.js";

const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === "object" && !Array.isArray(x);

// The world with its pieces' members present: arrays where they are missing or not arrays;
// `knowledge` may be a player's facts (an array) or every player's facts by player (an object).
export function normalizeWorld(world: unknown): World {
  const w = (isObject(world) ? world : {}) as Record<string, unknown>;
  if (!Array.isArray(w.forces)) w.forces = [];
  if (!Array.isArray(w.allies)) w.allies = [];
  if (!Array.isArray(w.knowledge) && !isObject(w.knowledge)) w.knowledge = [];
  return w as unknown as World;
}

// Normalizes a campaign view in place and returns it: its world (when it has one) and the lists
// the screens iterate.
export function normalizeView(view: CampaignView): CampaignView {
  const v = view as unknown as Record<string, unknown>;
  if ("world" in v) v.world = normalizeWorld(v.world);
  for (const list of ["decisions", "notices", "order_flags"])
    if (!Array.isArray(v[list])) v[list] = [];
  return view;
}
