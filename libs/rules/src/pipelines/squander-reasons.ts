/** The closed set of reasons a spell squanders (S11), each with the rule ids that can produce it. */
export const SQUANDER_REASONS = {
  /** Q1 (already in a graveyard) or Q2 (died earlier in this spell execution phase). */
  'target-dead': ['Q1', 'Q2'],
  /** Q2, Q5: removed from the game earlier this turn. */
  'target-removed': ['Q2', 'Q5'],
  /** Q3: replaced earlier this turn; spells never switch targets. */
  'target-replaced': ['Q3'],
  /** S10: the target is no longer on the board. */
  'target-gone': ['S10'],
  /** S6, S9: a visible non-cumulative copy is already active on the host. */
  'blocked-by-active-copy': ['S6', 'S9'],
  /** S10: a casting requirement (the target rule) is no longer true. */
  'requirement-failed': ['S10'],
  /**
   * S10: the target now carries a targeting restriction the spell breaks — it gained one, or it was replaced by a
   * minion that "can't be targeted by individual spells" (Jade Gargoyle: "they would squander even without" Q3).
   */
  'target-untargetable': ['S10'],
  /** S10: a group has appeared in the target square of a square spell. */
  'square-occupied': ['S10'],
  /** S11: a once-per-game spell this player already cast successfully. */
  'once-per-game': ['S11'],
} as const;

export type SquanderReason = keyof typeof SQUANDER_REASONS;
export const SQUANDER_REASON_NAMES = Object.keys(SQUANDER_REASONS) as SquanderReason[];
