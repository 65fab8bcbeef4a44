// Re-deriving a period's dice from its revealed seed (docs/storage.md "Seeds"; DESIGN habit
// 5): the seed's SHA-256 must be the hash published before the period resolved, and the rolls
// come from std::mt19937_64 seeded with the seed's first 16 hex digits, each die drawn by
// include/umpire/rules/dice.hpp's bounded_uniform (reject the lowest 2^64 mod n outputs, then x mod n, + 1).
import { hmacSha256Hex, sha256Hex } from "./sha256.js";

const MASK64 = (1n << 64n) - 1n;

export class Mt19937_64 {
  private mt = new Array<bigint>(312);
  private index = 312;

  constructor(seed: bigint) {
    this.mt[0] = seed & MASK64;
    for (let i = 1; i < 312; i++) {
      const prev = this.mt[i - 1];
      this.mt[i] = (6364136223846793005n * (prev ^ (prev >> 62n)) + BigInt(i)) & MASK64;
    }
  }

  private twist(): void {
    const UPPER = 0xffffffff80000000n;
    const LOWER = 0x7fffffffn;
    for (let i = 0; i < 312; i++) {
      const x = (this.mt[i] & UPPER) | (this.mt[(i + 1) % 312] & LOWER);
      let xa = x >> 1n;
      if (x & 1n) xa ^= 0xb5026f5aa96619e9n;
      this.mt[i] = this.mt[(i + 156) % 312] ^ xa;
    }
    this.index = 0;
  }

  next(): bigint {
    if (this.index >= 312) this.twist();
    let x = this.mt[this.index++];
    x ^= (x >> 29n) & 0x5555555555555555n;
    x ^= (x << 17n) & 0x71d67fffeda60000n;
    x ^= (x << 37n) & 0xfff7eee000000000n;
    x ^= x >> 43n;
    return x & MASK64;
  }
}

export function diceSeed(seedHex: string): bigint {
  return BigInt("0x" + seedHex.slice(0, 16));
}

export function seedMatchesHash(seedHex: string, seedHash: string): boolean {
  return sha256Hex(seedHex) === seedHash.toLowerCase();
}

export function boundedRoll(engine: Mt19937_64, sides: number): number {
  const bound = BigInt(sides);
  const threshold = ((1n << 64n) - bound) % bound;
  for (;;) {
    const x = engine.next();
    if (x >= threshold) return Number(x % bound) + 1;
  }
}

export interface Roll { die: string; value: number; purpose?: string; stream?: string; }
export interface RollCheck { roll: Roll; expected: number | null; ok: boolean; draw: number | null; }

export function sidesOf(die: string): number {
  const m = /^d(\d+)$/.exec(die);
  return m ? Number(m[1]) : 6;
}

// Every roll of the period in order (the GM's view): each must be the next draw.
export function checkAllRolls(seedHex: string, rolls: Roll[]): RollCheck[] {
  const engine = new Mt19937_64(diceSeed(seedHex));
  return rolls.map((roll, i) => {
    const expected = boundedRoll(engine, sidesOf(roll.die));
    return { roll, expected, ok: expected === roll.value, draw: i };
  });
}

// Some of the rolls (a player sees only its own): each must match a later draw than the one
// before it. A weaker check, since the player cannot know which draws it was not shown.
export function checkSeenRolls(seedHex: string, rolls: Roll[], maxDraws = 20000): RollCheck[] {
  const engine = new Mt19937_64(diceSeed(seedHex));
  const draws: bigint[] = [];
  let at = 0;
  return rolls.map((roll) => {
    const sides = BigInt(sidesOf(roll.die));
    while (at < maxDraws) {
      if (at >= draws.length) draws.push(engine.next());
      const value = Number(draws[at] % sides) + 1;
      at++;
      if (value === roll.value) return { roll, expected: value, ok: true, draw: at - 1 };
    }
    return { roll, expected: null, ok: false, draw: null };
  });
}

// The battle companion's PIP dice (docs/protocol.md "Battle companion"): seeded with the first
// 16 hex digits of SHA-256(period seed + ":companion:" + battle id); each bound rolls the next d6.
export function companionPipDice(seedHex: string, battleId: string, bounds: number): number[] {
  const engine = new Mt19937_64(diceSeed(sha256Hex(`${seedHex}:companion:${battleId}`)));
  return Array.from({ length: bounds }, () => boundedRoll(engine, 6));
}

// --- Dice streams (periods resolved since issue 28; include/umpire/rules/stream_dice.hpp) ----------------
// A roll comes from the stream of its contact and audience: derived = HMAC-SHA256(dice key,
// stream name), and the stream's rolls take, in order, the words of xoshiro256** whose state is
// derived's four big-endian 64-bit words, each by bounded_uniform. A player is given the
// derived seed of each stream it sees rolls of; the GM the seed, whose dice key is
// HMAC-SHA256(seed, "umpire dice streams").

function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

const M64 = (1n << 64n) - 1n;
const rotl64 = (x: bigint, k: bigint) => ((x << k) | (x >> (64n - k))) & M64;

// xoshiro256** whose state is the derived seed's four big-endian 64-bit words.
export class DerivedStream {
  private s: bigint[];
  constructor(derivedHex: string) {
    const view = new DataView(hexBytes(derivedHex).buffer);
    this.s = [0, 1, 2, 3].map((w): bigint => view.getBigUint64(8 * w));
    if (!this.s.some((x) => x !== 0n)) this.s[0] = 1n;  // xoshiro's one bad state
  }
  private word(): bigint {
    const s = this.s;
    const result = (rotl64((s[1] * 5n) & M64, 7n) * 9n) & M64;
    const t = (s[1] << 17n) & M64;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl64(s[3], 45n);
    return result;
  }
  roll(sides: number): number {
    const bound = BigInt(sides);
    const threshold = ((1n << 64n) - bound) % bound;
    for (;;) {
      const x = this.word();
      if (x >= threshold) return Number(x % bound) + 1;
    }
  }
}

// The first roll of a stream: its derived seed's first accepted word.
export function rollFromDerived(derivedHex: string, sides: number): number {
  return new DerivedStream(derivedHex).roll(sides);
}

export function streamDiceKey(seedHex: string): string {
  return hmacSha256Hex(seedHex, "umpire dice streams");
}

// Rolls checked, stream by stream in order, against the derived seeds given with the report (a
// player's check), or, with the period seed (the GM's), against seeds derived from it too.
export function checkStreamRolls(diceSeeds: Record<string, string>, rolls: Roll[], seedHex?: string): RollCheck[] {
  const key = seedHex ? streamDiceKey(seedHex) : null;
  const streams = new Map<string, DerivedStream | null>();
  return rolls.map((roll, i) => {
    const name = roll.stream;
    const derived = name === undefined ? undefined : diceSeeds[name];
    if (name === undefined || !derived) return { roll, expected: null, ok: false, draw: i };
    if (!streams.has(name)) {
      const fromSeed = key === null || hmacSha256Hex(key, name) === derived;
      streams.set(name, fromSeed ? new DerivedStream(derived) : null);
    }
    const stream = streams.get(name);
    if (!stream) return { roll, expected: null, ok: false, draw: i };
    const expected = stream.roll(sidesOf(roll.die));
    return { roll, expected, ok: expected === roll.value, draw: i };
  });
}
