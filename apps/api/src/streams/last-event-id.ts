import { BadRequestException } from '@nestjs/common';
import { errorBody } from '../errors/error-body';

export const LAST_EVENT_ID = 'Last-Event-ID';

/**
 * The `Last-Event-ID` an EventSource sends when it reconnects: the id of the last event it received (a revision
 * on a game stream, a global position on the global one). The stream resumes right after it.
 */
export function parseLastEventId(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const value = header.trim();
  if (!/^\d{1,15}$/.test(value)) {
    throw new BadRequestException(errorBody(400, [`${LAST_EVENT_ID} must be the id of an event this stream sent`]));
  }
  return Number(value);
}

/** The exclusive checkpoint of a subscription: after Last-Event-ID if given, else before `from` (inclusive). */
export function checkpointAfter(lastEventId: number | undefined, from: number | undefined): number | undefined {
  if (lastEventId !== undefined) return lastEventId;
  return from === undefined || from === 0 ? undefined : from - 1;
}
