import { RULES_OPTIONS } from '../rules-options';

/**
 * The assumptions a set-up may choose per game (`rules` in a set-up), with RULES_OPTIONS' defaults. A game records
 * them in its GameCreated when its set-up gives any, so re-simulation plays it under the same rules; a game that
 * records none was played under the defaults, which are the only rules engines before 1.7.0 knew. So a default
 * must not change: every game recorded without `rules` would re-simulate under the new one.
 */
export interface GameRules {
  /** D6 [A]: combat rounds per combat phase. */
  combatRounds: number;
  /** S5 vs S9 [A]. */
  nonVisibleDuplicates: 'allowed' | 'refused';
  /** D3 [A]. */
  zeroDamageAtD3: 'bounced' | 'applied';
}

export const GAME_RULE_NAMES = ['combatRounds', 'nonVisibleDuplicates', 'zeroDamageAtD3'] as const;

export function defaultGameRules(): GameRules {
  return {
    combatRounds: RULES_OPTIONS.combatRounds,
    nonVisibleDuplicates: RULES_OPTIONS.nonVisibleDuplicates,
    zeroDamageAtD3: RULES_OPTIONS.zeroDamageAtD3,
  };
}

/** The rules of a game whose set-up chose `given` (missing choices take the defaults). */
export function gameRulesOf(given: Partial<GameRules> | undefined): GameRules {
  const defaults = defaultGameRules();
  return {
    combatRounds: given?.combatRounds ?? defaults.combatRounds,
    nonVisibleDuplicates: given?.nonVisibleDuplicates ?? defaults.nonVisibleDuplicates,
    zeroDamageAtD3: given?.zeroDamageAtD3 ?? defaults.zeroDamageAtD3,
  };
}
