import * as fs from 'node:fs';
import * as path from 'node:path';
import { type DomainEvent, runScenario } from '@app/rules';
import { EVENT_VOCABULARY_SCHEMA_FILE, eventVocabularySchemaJson } from '../../../../scripts/event-vocabulary-schema';
import { exampleScenario } from '../../../games/test/games-testing';
import { chainEvents, genesisHash } from '../chain/hash-chain';
import { EVENT_TYPES_OF_THE_VOCABULARY, storedEventProblem } from './stored-event.check';

const REPO_ROOT = path.resolve(__dirname, '../../../..');

/** The example game as stored: its events with their links. */
function storedExample(): (DomainEvent & { revision: number })[] {
  const { events } = runScenario(exampleScenario(), 'g1');
  return chainEvents(genesisHash('g1'), events).events.map((event, revision) => ({ ...event, revision }));
}

describe('the store boundary: an event read back is an event of the vocabulary, or a named problem', () => {
  it(`the schema is committed as ${EVENT_VOCABULARY_SCHEMA_FILE}, exactly as the engine's types make it (else: npm run schema)`, () => {
    const committed = fs.readFileSync(path.join(REPO_ROOT, EVENT_VOCABULARY_SCHEMA_FILE), 'utf8');
    expect(committed).toBe(eventVocabularySchemaJson());
  });

  it('knows every event type the engine emits, and nothing else', () => {
    const emitted = new Set(storedExample().map((event) => event.type));
    for (const type of emitted) expect(EVENT_TYPES_OF_THE_VOCABULARY).toContain(type);
    expect(EVENT_TYPES_OF_THE_VOCABULARY).not.toContain('Redacted');
  });

  it('takes every event of a recorded game, links included', () => {
    for (const event of storedExample())
      expect({ event: event.type, problem: storedEventProblem(event) }).toEqual({
        event: event.type,
        problem: null,
      });
  });

  const damage = storedExample().find((event) => event.type === 'DamageApplied')!;
  const withData = (data: unknown) => ({ ...damage, data });
  const { hpAfter: _hpAfter, ...withoutHpAfter } = damage.data as Record<string, unknown>;
  it.each<[string, { type: unknown; data: unknown; metadata: unknown }, string, boolean]>([
    ['a field of another type', withData({ ...damage.data, amount: '3' }), 'data.amount must be number', true],
    ['a field missing', withData(withoutHpAfter), 'data.hpAfter is missing', true],
    ['a field added', withData({ ...damage.data, bonus: 1 }), 'data.bonus is not a field it may have', true],
    ['data null', withData(null), 'data must be object', true],
    [
      'an unknown type',
      { ...damage, type: 'DamageDoubled' },
      'type "DamageDoubled" is no event of the vocabulary',
      true,
    ],
    [
      'metadata of another shape',
      { ...damage, metadata: { ...damage.metadata, turn: 'one' } },
      'metadata.turn must be number',
      true,
    ],
    [
      'a phase no game has',
      { ...damage, metadata: { ...damage.metadata, phase: 'lunch' } },
      'metadata.phase must be one of',
      true,
    ],
    ['a number beyond JSON', withData({ ...damage.data, amount: Infinity }), 'data.amount is Infinity', false],
    [
      'nesting past the bound',
      withData({ ...damage.data, amount: JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown }),
      'nests more than 64 levels deep',
      false,
    ],
  ])('names %s', (_what, event, reason, hashable) => {
    const problem = storedEventProblem(event);
    expect(problem?.reason).toContain(reason);
    expect(problem?.hashable).toBe(hashable);
  });
});
