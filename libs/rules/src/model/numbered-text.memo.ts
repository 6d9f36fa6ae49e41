/**
 * `prefix + n` for whole numbers below a bound, made once and then handed out again: turning a number into text is
 * the costliest part of building an event envelope (docs/performance.md), and a fresh order id must also be
 * interned when it becomes a key of `state.orders`. Revisions and order
 * numbers repeat from game to game, so a long-running service meets the same texts over and over. The text is the
 * same either way; the memo only bounds how often it is built.
 *
 * The texts are kept in blocks of 4,096, each made when a number in it is first asked for: memory follows the
 * largest number actually met (a service whose longest game has 50,000 events keeps ~50,000 revision texts), never
 * more than `limit` texts.
 */
export class NumberedTextMemo {
  private readonly blocks: ((string | undefined)[] | undefined)[];

  constructor(
    private readonly prefix: string,
    private readonly limit = 1 << 16,
  ) {
    this.blocks = new Array<(string | undefined)[] | undefined>(Math.ceil(limit / BLOCK_SIZE));
  }

  text(n: number): string {
    if (!(n >= 0 && n < this.limit && Number.isInteger(n))) return this.prefix + String(n);
    // Each block is sized up front, never grown out of order (docs/performance.md).
    const block = (this.blocks[n >>> BLOCK_BITS] ??= new Array<string | undefined>(BLOCK_SIZE));
    return (block[n & (BLOCK_SIZE - 1)] ??= this.prefix + String(n));
  }
}

const BLOCK_BITS = 12;
const BLOCK_SIZE = 1 << BLOCK_BITS;
