// Keeps one campaign's view: a snapshot, then view_delta patches in version order.
import { PatchError, PatchOp, applyPatch } from "./json-patch.js";
import { CampaignView } from "./view-types.js";

export type DeltaResult = "applied" | "resync";

export class ViewStore {
  view: CampaignView | null = null;
  version = 0;
  campaign = "";

  snapshot(campaign: string, version: number, view: CampaignView): void {
    this.campaign = campaign;
    this.version = version;
    this.view = view;
  }

  // A delta must follow the version we hold; anything else (a gap, a bad patch) asks the
  // caller to join again for a fresh snapshot.
  delta(campaign: string, version: number, patch: PatchOp[]): DeltaResult {
    if (!this.view || campaign !== this.campaign) return "resync";
    if (version <= this.version) return "applied"; // already seen
    if (version !== this.version + 1) return "resync";
    try {
      this.view = applyPatch(this.view, patch);
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
