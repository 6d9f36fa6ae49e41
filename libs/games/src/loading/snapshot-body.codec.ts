import { COLOURS, ENGINE_VERSION, restoredState } from '@app/rules';
import type { Colour, GameState, PlayerState } from '@app/rules';
import { createHash } from 'node:crypto';
import type { SetupDecks } from './setup-decks.cache';

/**
 * The snapshot body's format. It is part of the snapshot key (with the engine version), so a process of another
 * build never reads a body it does not know: it finds no snapshot and folds from revision 0 (snapshots are a cache).
 */
const SNAPSHOT_FORMAT = 3;

/** The key snapshots are saved and looked up under. */
export const SNAPSHOT_KEY = `${ENGINE_VERSION}+snapshot.${SNAPSHOT_FORMAT}`;

/**
 * A player's deck only ever loses cards from its top (B7), so it is almost always the tail of its set-up deck —
 * about half of a big game's state. Stored as that tail's length, it is rebuilt from the set-up deck: a body
 * several times smaller, read and parsed several times faster by time travel.
 */
type StoredDeck = string[] | number;

interface SnapshotBody {
  /** The state, with each player's `deck` either its cards or a StoredDeck length (key order kept). */
  state: Omit<GameState, 'players'> & { players: Record<Colour, Omit<PlayerState, 'deck'> & { deck: StoredDeck }> };
  /** The hash the game's chain ends with at the snapshot's revision. */
  hash: string;
}

export interface DecodedSnapshot {
  state: GameState;
  hash: string;
}

function isTailOf(deck: readonly string[], setup: readonly string[]): boolean {
  const offset = setup.length - deck.length;
  if (offset < 0) return false;
  for (let i = 0; i < deck.length; i += 1) if (deck[i] !== setup[offset + i]) return false;
  return true;
}

/**
 * The body of a snapshot of `state` (which it leaves untouched). A deck is left out only where it is checked to
 * be the tail of the set-up deck, so a rule that ever shuffles or adds cards still gets exact snapshots.
 */
export function encodeSnapshotBody(state: GameState, hash: string, setupDecks: SetupDecks | null): string {
  const players: SnapshotBody['state']['players'] = { ...state.players };
  for (const colour of COLOURS) {
    const player = state.players[colour];
    const setup = setupDecks?.[colour];
    if (setup !== undefined && isTailOf(player.deck, setup)) {
      players[colour] = { ...player, deck: player.deck.length };
    }
  }
  const body: SnapshotBody = { state: { ...state, players }, hash };
  const json = JSON.stringify(body);
  return `${digestOf(json)}\n${json}`;
}

/**
 * A body is stored behind the digest of its JSON, so that one changed in the store (by hand, by a bad disk) is
 * found out before it is trusted: it is then not used, and the game is folded from its events.
 */
function digestOf(json: string): string {
  return `sha256:${createHash('sha256').update(json).digest('hex')}`;
}

/** The JSON of a stored body if its digest holds, else null. */
function verifiedJson(text: string): string | null {
  const newline = text.indexOf('\n');
  if (newline < 0) return null;
  const json = text.slice(newline + 1);
  return text.slice(0, newline) === digestOf(json) ? json : null;
}

/**
 * The state and hash of a snapshot body; decks stored as lengths are rebuilt from `setupDecks` (asked only then).
 * Null when its digest does not hold or a deck cannot be rebuilt: the snapshot is then unusable, never a source of a
 * wrong state.
 */
export async function decodeSnapshotBody(
  text: string,
  setupDecks: () => Promise<SetupDecks | null>,
): Promise<DecodedSnapshot | null> {
  const json = verifiedJson(text);
  if (json === null) return null;
  let body: SnapshotBody;
  try {
    // Parsed from text, so every object in it is this load's own: no copy needed before folding onto it.
    body = JSON.parse(json) as SnapshotBody;
    if (typeof body.hash !== 'string') return null;
    let decks: SetupDecks | null | undefined;
    for (const colour of COLOURS) {
      const player = body.state.players[colour];
      if (typeof player.deck !== 'number') continue;
      decks ??= await setupDecks();
      const setup = decks?.[colour];
      if (setup === undefined || !Number.isInteger(player.deck) || player.deck < 0 || player.deck > setup.length) {
        return null;
      }
      player.deck = setup.slice(setup.length - player.deck);
    }
    return { state: restoredState(body.state as GameState), hash: body.hash };
  } catch {
    // A body written with its digest by someone else than this service, that is no snapshot: not a source of state.
    return null;
  }
}
