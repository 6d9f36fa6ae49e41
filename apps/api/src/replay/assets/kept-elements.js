// @ts-check
// Elements kept from one draw to the next, by what they stand for (a minion's card, a square, a group…): a step
// from a state to the next rebuilds only the few whose content changed and keeps the rest where they are, so the
// browser restyles, lays out and paints only those instead of the whole board.

/** @typedef {Node | null | undefined | false} Part */

export class KeptElements {
  constructor() {
    /** @type {Map<string, { signature: string; nodes: Node[] }>} */
    this.kept = new Map();
    /** Keys asked for in the draw under way: the others are let go at its end. */
    this.used = new Set();
  }

  /**
   * The nodes kept under `key` if they were built for the same `signature` (a string of everything they show),
   * else built anew by `build` and kept. A key asked for twice in one draw gets new nodes the second time: a
   * node can only stand in one place.
   * @param {string} key
   * @param {string} signature
   * @param {() => Part | Part[]} build
   * @returns {Node[]}
   */
  get(key, signature, build) {
    const kept = this.kept.get(key);
    if (this.used.has(key)) return present(build());
    this.used.add(key);
    if (kept !== undefined && kept.signature === signature) return kept.nodes;
    const nodes = present(build());
    this.kept.set(key, { signature, nodes });
    return nodes;
  }

  /**
   * The one element kept under `key` (see `get`).
   * @template {Element} E
   * @param {string} key
   * @param {string} signature
   * @param {() => E} build
   * @returns {E}
   */
  element(key, signature, build) {
    return /** @type {E} */ (this.get(key, signature, build)[0]);
  }

  /** Ends a draw: what it did not ask for is forgotten (it is no longer on the board). */
  settle() {
    for (const key of this.kept.keys()) if (!this.used.has(key)) this.kept.delete(key);
    this.used.clear();
  }
}

/**
 * @param {Part | Part[]} built
 * @returns {Node[]}
 */
function present(built) {
  /** @type {Node[]} */
  const nodes = [];
  for (const node of Array.isArray(built) ? built : [built]) if (node) nodes.push(node);
  return nodes;
}
