import type { DamagedEventError, RecordedEvent } from '@app/event-store';
import type { GlobalEventLine } from '../recording/game-event-line';

/** The type of the line the doors of every game show in place of a stored event they cannot show. */
export const DAMAGED_EVENT = 'DamagedEvent';

/** What a stand-in's data says: why, and which revision of its game is damaged. */
export interface DamagedEventStandIn {
  damagedRevision: number;
  reason: string;
}

/**
 * The line shown in place of an event the global list and streams cannot show: one damaged outside the service,
 * or, to a viewer whose view of a game is redacted, any event of that game after a damaged one (its redaction
 * depends on the events before it, which can no longer be trusted to be whole). The line keeps its place — game,
 * revision, global position — so a consumer counts it, can resume after it, and is told what to ask the organiser.
 * Only the organiser is told why: a reason may quote the stored content.
 */
export function damagedEventStandIn(
  event: RecordedEvent,
  gameId: string,
  damage: DamagedEventError,
  seesTheRecord: boolean,
): GlobalEventLine {
  const own = damage.revision === event.revision;
  const reason = seesTheRecord
    ? damage.reason
    : own
      ? 'the stored event is damaged; its game’s audit says why'
      : `an earlier event of this game (revision ${damage.revision}) is damaged; its events are shown again once it is restored`;
  const data: DamagedEventStandIn = { damagedRevision: damage.revision, reason };
  return {
    gameId,
    position: event.position,
    revision: event.revision,
    type: DAMAGED_EVENT,
    data,
    metadata: { gameId },
    recordedAt: event.recordedAt,
  };
}
