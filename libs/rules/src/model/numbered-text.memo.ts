/**
 * `prefix + n` for whole numbers below a bound, made once and then handed out again. Turning a number into text
 * is the costliest part of building an event envelope (V8 does it in its runtime, at about half the cost of folding
 * the event), and a fresh order id must also be interned when it becomes a key of `state.orders`. Revisions and order
 * numbers repeat from game to game, so a long-running service meets the same texts over and over. The text is the
 * same either way; the memo only bounds how often it is built (at most `limit` strings are kept).
 */
export class NumberedTextMemo {
  private readonly texts: (string | undefined)[];

  constructor(
    private readonly prefix: string,
    private readonly limit = 1 << 16,
  ) {
    // Sized up front: filling a growing array out of order would turn it into a slow dictionary.
    this.texts = new Array<string | undefined>(limit);
  }

  text(n: number): string {
    if (!(n >= 0 && n < this.limit && Number.isInteger(n))) return this.prefix + String(n);
    return (this.texts[n] ??= this.prefix + String(n));
  }
}
