import { initialState } from '@app/rules';
import type { GameState } from '@app/rules';
import { decodeSnapshotBody, encodeSnapshotBody } from './snapshot-body.codec';
import type { SetupDecks } from './setup-decks.cache';

/** The JSON of a stored snapshot body, behind its digest line. */
const storedJson = (text: string): unknown => JSON.parse(text.slice(text.indexOf('\n') + 1));

const SETUP: SetupDecks = { red: ['bolt', 'mend', 'bolt', 'rally', 'bless'], blue: ['mend', 'mend', 'blast'] };

function stateWithDecks(red: string[], blue: string[]): GameState {
  const state = initialState();
  state.gameId = 'g';
  state.players.red.deck = red;
  state.players.blue.deck = blue;
  state.players.red.hand = ['bolt'];
  return state;
}

describe('snapshot bodies', () => {
  it('store a deck that is the tail of its set-up deck as its length, and rebuild it exactly', async () => {
    const state = stateWithDecks(['rally', 'bless'], []);
    const before = JSON.stringify(state);
    const text = encodeSnapshotBody(state, 'hash-1', SETUP);
    expect(JSON.stringify(state)).toBe(before); // the state is left untouched
    const stored = storedJson(text) as { state: { players: Record<string, { deck: unknown }> } };
    expect(stored.state.players.red.deck).toBe(2);
    expect(stored.state.players.blue.deck).toBe(0);
    const decoded = await decodeSnapshotBody(text, async () => SETUP);
    expect(decoded?.hash).toBe('hash-1');
    expect(JSON.stringify(decoded?.state)).toBe(before); // same values, same key order
    decoded?.state.players.red.deck.push('mend');
    expect(SETUP.red).toHaveLength(5); // the rebuilt deck is the state's own
  });

  it('are refused when their JSON was changed in the store and their digest no longer holds', async () => {
    const text = encodeSnapshotBody(stateWithDecks(['rally'], []), 'h', SETUP);
    expect(await decodeSnapshotBody(text, async () => SETUP)).not.toBeNull();
    const edited = text.replace('"version":', '"hp":999,"version":');
    expect(edited).not.toBe(text);
    expect(await decodeSnapshotBody(edited, async () => SETUP)).toBeNull();
    expect(await decodeSnapshotBody(text.slice(text.indexOf('\n') + 1), async () => SETUP)).toBeNull();
  });

  it('store any other deck in full', async () => {
    const state = stateWithDecks(['bless', 'rally'], ['mend', 'mend', 'blast', 'bolt']);
    const text = encodeSnapshotBody(state, 'h', SETUP);
    const stored = storedJson(text) as { state: { players: Record<string, { deck: unknown }> } };
    expect(stored.state.players.red.deck).toEqual(['bless', 'rally']);
    expect(stored.state.players.blue.deck).toEqual(['mend', 'mend', 'blast', 'bolt']);
    const decoded = await decodeSnapshotBody(text, () => Promise.reject(new Error('not needed')));
    expect(JSON.stringify(decoded?.state)).toBe(JSON.stringify(state));
  });

  it('store every deck in full when the set-up decks are not known', async () => {
    const state = stateWithDecks(['rally', 'bless'], ['blast']);
    const decoded = await decodeSnapshotBody(encodeSnapshotBody(state, 'h', null), async () => null);
    expect(JSON.stringify(decoded?.state)).toBe(JSON.stringify(state));
  });

  it('are unusable, never wrong, when a deck cannot be rebuilt', async () => {
    const text = encodeSnapshotBody(stateWithDecks(['rally', 'bless'], []), 'h', SETUP);
    expect(await decodeSnapshotBody(text, async () => null)).toBeNull();
    expect(await decodeSnapshotBody(text, async () => ({ red: ['bless'], blue: [] }))).toBeNull();
  });
});
