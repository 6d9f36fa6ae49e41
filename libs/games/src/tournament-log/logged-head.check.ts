import { DamagedEventError, type RecordedEvent } from '@app/event-store';
import { type LoggedHead, type SignedGameHead, statementProblems } from '@app/verifier';
import { HEAD_LOGGED } from './tournament-log.stream';

/**
 * The leaf a stored event of the tournament log holds, once it is found to be one: a `HeadLogged` at its own index,
 * holding a signed game head of the right shape. Anything else was written outside the service: a DamagedEventError
 * names it, so a forged log is reported rather than hashed into a tree (or a crash).
 */
export function loggedHeadOf(event: RecordedEvent): LoggedHead {
  const damaged = (reason: string): DamagedEventError =>
    new DamagedEventError(event.stream, event.revision, event.position, reason);
  if (event.damage !== undefined) throw damaged(event.damage);
  if (event.type !== HEAD_LOGGED) throw damaged(`a ${event.type} is not a leaf of the log`);
  const data = event.data as Partial<LoggedHead> | null;
  if (typeof data !== 'object' || data === null || data.index !== event.revision) {
    throw damaged(`data.index is not the leaf's place in the log (${event.revision})`);
  }
  const problems = statementProblems(data.head, 'game head');
  if (problems.length > 0) throw damaged(`data.head: ${problems.join('; ')}`);
  return { index: data.index, head: data.head as SignedGameHead };
}
