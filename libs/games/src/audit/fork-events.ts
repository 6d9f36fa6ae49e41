import { eventIdOf } from '@app/rules';
import type { GameEventLine } from '../recording/game-event-line';
import { CHAIN_SECRET_FIELD, chainEvents, type ForkProvenance, genesisHash } from '@app/verifier';

export interface ForkedEvent {
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

/**
 * The origin's events 0..forkedAt as the new game's own: every id that names the origin game is re-keyed (the
 * GameCreated's `gameId`, which the state and so every later event id takes; `metadata.gameId`; event ids; the
 * causation ids that point at events, while those that name a command are kept; the events a squander or a fizzle
 * names as its reason), each event records its
 * provenance, and the chain starts again from the new game's genesis, keyed with the fork's own chain secret (the
 * origin's is not copied: the fork's hashes must not let anyone who learns them test guesses about the origin's
 * hidden events, or the other way round). Command and correlation ids are kept: they
 * name the commands the origin's players gave. Copying re-keyed events (rather than re-running the inputs) keeps
 * the copy exactly what was recorded; the fork's audit then re-derives it like any game.
 */
export function forkEvents(
  origin: GameEventLine[],
  gameId: string,
  provenance: ForkProvenance,
  chainSecret: string,
): ForkedEvent[] {
  const originEventPrefix = `${provenance.forkedFrom}@`;
  // A squander or fizzle names the event that made its reason true (`data.reasonEventId`): an event of this game.
  const rekeyedReason = (data: unknown): unknown => {
    const reason = (data as { reasonEventId?: unknown } | null)?.reasonEventId;
    if (typeof reason !== 'string' || !reason.startsWith(originEventPrefix)) return data;
    return { ...(data as object), reasonEventId: `${gameId}@${reason.slice(originEventPrefix.length)}` };
  };
  const rekeyed = origin.map((event, revision): ForkedEvent => {
    const {
      prevHash: _prevHash,
      hash: _hash,
      forkedFrom: _from,
      forkedAt: _at,
      [CHAIN_SECRET_FIELD]: _secret,
      ...metadata
    } = event.metadata;
    const causationId = metadata.causationId;
    const pointsAtEvent =
      typeof causationId === 'string' &&
      causationId !== metadata.commandId &&
      causationId.startsWith(originEventPrefix);
    const data = event.type === 'GameCreated' ? { ...(event.data as object), gameId } : rekeyedReason(event.data);
    return {
      type: event.type,
      data,
      metadata: {
        ...metadata,
        gameId,
        eventId: eventIdOf(gameId, revision),
        ...(pointsAtEvent ? { causationId: `${gameId}@${causationId.slice(originEventPrefix.length)}` } : {}),
        forkedFrom: provenance.forkedFrom,
        forkedAt: provenance.forkedAt,
        ...(revision === 0 ? { [CHAIN_SECRET_FIELD]: chainSecret } : {}),
      },
    };
  });
  return chainEvents(genesisHash(gameId, chainSecret), rekeyed).events;
}
