// Keeps one campaign's view: a snapshot, then view_delta patches in version order. A snapshot
// replaces the whole view (nothing of the old one is merged in: what the viewer may no longer
// see must leave the screen), and every view held has the shape of view-shape.ts.
import { PatchError, PatchOp, applyPatch } from "./json-patch.js";
import { CampaignView } from "./view-types.js";
import { normalizeView } from "./view-shape.js";

export type DeltaResult = "applied" | "resync";

export class ViewStore {
  view: CampaignView | null = null;
  version = 0;
  campaign = "";

  snapshot(campaign: string, version: number, view: CampaignView): void {
    this.campaign = campaign;
    this.version = version;
    this.view = normalizeView(structuredClone(view));
  }

  // A delta must follow the version we hold; anything else (a gap, a bad patch) asks the
  // caller to join again for a fresh snapshot.
  delta(campaign: string, version: number, patch: PatchOp[]): DeltaResult {
    if (!this.view || campaign !== this.campaign) return "resync";
    if (version <= this.version) return "applied"; // already seen
    if (version !== this.version + 1) return "resync";
    try {
      this.view = normalizeView(applyPatch(this.view, patch));
      this.version = version;
      return "applied";
    } catch (e) {
      if (e instanceof PatchError) return "resync";
      throw e;
    }
  }

  clear(): void {
    this.view = null;
    this.version = 0;
    this.campaign = "";
  }
}
