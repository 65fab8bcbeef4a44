// Terrain-card placement on the 6 × 4 battlefield (R-6.6): drag the card onto a free cell (or
// move the cursor with the arrow keys), rotate it, and send; or let the server place it.
import { DecisionRequestOf } from "../../logic/view-types.js";
import { Placement, cardAt, moveCell, placementProblem, rotate } from "../../logic/card-grid.js";
import { h } from "../dom.js";
import { words } from "../../logic/words.js";

export function cardPlacementForm(req: DecisionRequestOf<"card_placement">, send: (answer: unknown) => void): HTMLElement {
  const ctx = req.context;
  const { columns, rows, placed } = ctx;
  const cardName = words(ctx.card);  // "rough_ground" → "rough ground"
  let pos: Placement = { column: 0, row: 0, rotation: 0 };
  for (let r = 0; r < rows && pos.column === 0 && pos.row === 0 && cardAt(placed, 0, 0); r++)
    for (let c = 0; c < columns; c++) if (!cardAt(placed, c, r)) { pos = { column: c, row: r, rotation: 0 }; break; }
  const status = h("p", { role: "status", class: "card-status" });
  const grid = h("div", { class: "battlefield", role: "grid", "aria-label": `Battlefield ${columns} by ${rows}: arrow keys move the ${cardName} card, R rotates`, tabindex: 0 });
  const card = h("div", { class: "card-token", draggable: "true", "aria-hidden": "true" }, cardName);

  function draw(): void {
    grid.replaceChildren();
    for (let r = 0; r < rows; r++) {
      const row = h("div", { role: "row", class: "bf-row" });
      for (let c = 0; c < columns; c++) {
        const other = cardAt(placed, c, r);
        const here = pos.column === c && pos.row === r;
        const cell = h("div", { role: "gridcell", class: `bf-cell${other ? " taken" : ""}${here ? " cursor" : ""}`, "data-cell": `${c},${r}`,
          "aria-label": `column ${c}, row ${r}${other ? `: ${words(other.card)}` : ": free"}${here ? `, your ${cardName} here, rotated ${pos.rotation}°` : ""}`,
          "aria-selected": here ? "true" : "false" }, other ? words(other.card) : "");
        cell.addEventListener("click", () => { pos = { ...pos, column: c, row: r }; draw(); });
        cell.addEventListener("dragover", (e) => e.preventDefault());
        cell.addEventListener("drop", (e) => { e.preventDefault(); pos = { ...pos, column: c, row: r }; draw(); });
        if (here) { card.style.transform = `rotate(${pos.rotation}deg)`; cell.append(card); }
        row.append(cell);
      }
      grid.append(row);
    }
    const problem = placementProblem(ctx, pos);
    status.textContent = problem ? `Cannot place here: ${problem}` : `${cardName} at column ${pos.column}, row ${pos.row}, rotated ${pos.rotation}°`;
    sendButton.disabled = Boolean(problem);
  }
  grid.addEventListener("keydown", (e) => {
    if (e.key.startsWith("Arrow")) { pos = moveCell(ctx, pos, e.key); e.preventDefault(); draw(); }
    if (e.key === "r" || e.key === "R") { pos = { ...pos, rotation: rotate(pos.rotation, e.key === "r") }; draw(); }
  });
  // Touch: a drag of the token over the grid picks the cell under the finger.
  card.addEventListener("pointerup", (e) => {
    const el = document.elementsFromPoint(e.clientX, e.clientY).find((x) => x.hasAttribute("data-cell"));
    if (el) { const [c, r] = el.getAttribute("data-cell")!.split(",").map(Number); pos = { ...pos, column: c, row: r }; draw(); }
  });
  const sendButton = h("button", { type: "button", class: "primary", onclick: () => send({ column: pos.column, row: pos.row, rotation: pos.rotation }) }, "Place the card here");
  draw();
  return h("div", { class: "card-placement" },
    h("p", {}, `Card to place: ${cardName}. Drag it, click a cell, or use the arrow keys on the grid.`),
    grid, status,
    h("div", { class: "buttons" },
      h("button", { type: "button", onclick: () => { pos = { ...pos, rotation: rotate(pos.rotation, false) }; draw(); }, "aria-label": "Rotate left" }, "⟲ Rotate"),
      h("button", { type: "button", onclick: () => { pos = { ...pos, rotation: rotate(pos.rotation) }; draw(); }, "aria-label": "Rotate right" }, "Rotate ⟳"),
      sendButton));
}
