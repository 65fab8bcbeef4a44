// RFC 6902 JSON Patch, as the server's view_delta messages carry it (docs/protocol.md).
export interface PatchOp {
  op: "add" | "remove" | "replace" | "move" | "copy" | "test";
  path: string;
  from?: string;
  value?: unknown;
}

export class PatchError extends Error {}

function tokens(pointer: string): string[] {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new PatchError(`bad pointer "${pointer}"`);
  return pointer.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

type Container = Record<string, unknown> | unknown[];

function parentOf(doc: unknown, toks: string[]): Container {
  let node: unknown = doc;
  for (const t of toks.slice(0, -1)) {
    if (node === null || typeof node !== "object") throw new PatchError(`no such path at "${t}"`);
    node = Array.isArray(node) ? node[Number(t)] : (node as Record<string, unknown>)[t];
  }
  if (node === null || typeof node !== "object") throw new PatchError("path leads nowhere");
  return node as Container;
}

function get(doc: unknown, pointer: string): unknown {
  let node: unknown = doc;
  for (const t of tokens(pointer)) {
    if (node === null || typeof node !== "object") throw new PatchError(`no value at "${pointer}"`);
    node = Array.isArray(node) ? node[Number(t)] : (node as Record<string, unknown>)[t];
  }
  return node;
}

function remove(doc: unknown, pointer: string): unknown {
  const toks = tokens(pointer);
  const parent = parentOf(doc, toks);
  const last = toks[toks.length - 1];
  if (Array.isArray(parent)) {
    const i = Number(last);
    if (!(i >= 0 && i < parent.length)) throw new PatchError(`no element ${last} at "${pointer}"`);
    return parent.splice(i, 1)[0];
  }
  if (!(last in parent)) throw new PatchError(`no member at "${pointer}"`);
  const old = parent[last];
  delete parent[last];
  return old;
}

function add(doc: unknown, pointer: string, value: unknown, replace: boolean): unknown {
  const toks = tokens(pointer);
  if (toks.length === 0) return value;
  const parent = parentOf(doc, toks);
  const last = toks[toks.length - 1];
  if (Array.isArray(parent)) {
    if (last === "-") parent.push(value);
    else {
      const i = Number(last);
      if (!Number.isInteger(i) || i < 0 || i > parent.length) throw new PatchError(`bad index at "${pointer}"`);
      if (replace) {
        if (i >= parent.length) throw new PatchError(`no element at "${pointer}"`);
        parent[i] = value;
      } else parent.splice(i, 0, value);
    }
  } else {
    if (replace && !(last in parent)) throw new PatchError(`no member at "${pointer}"`);
    parent[last] = value;
  }
  return doc;
}

// Applies the patch to a copy of `doc` and returns the copy; throws PatchError on a bad patch
// (the caller then asks for a fresh snapshot).
export function applyPatch<T>(doc: T, patch: PatchOp[]): T {
  let out: unknown = structuredClone(doc);
  for (const op of patch) {
    const value = structuredClone(op.value);
    switch (op.op) {
      case "add": out = add(out, op.path, value, false); break;
      case "replace": out = tokens(op.path).length === 0 ? value : add(out, op.path, value, true); break;
      case "remove": remove(out, op.path); break;
      case "move": { const v = remove(out, op.from ?? ""); out = add(out, op.path, v, false); break; }
      case "copy": out = add(out, op.path, structuredClone(get(out, op.from ?? "")), false); break;
      case "test":
        if (JSON.stringify(get(out, op.path)) !== JSON.stringify(op.value)) throw new PatchError(`test failed at "${op.path}"`);
        break;
      default: throw new PatchError(`unknown op ${(op as PatchOp).op}`);
    }
  }
  return out as T;
}
