import { CHAIN_SECRET_FIELD, canonicalFormProblem, chainEvent, chainSecretOf, genesisHash } from '@app/verifier';
import type { GameEventLine } from '@app/games/recording/game-event-line';
import type { CliFailure } from '../cli-failure.error';
import { readEventFile } from './event-file.reader';
import { FileChainCheck } from './file-chain.check';

/** An event of a file, as the store is to hold it, and the line of the file it comes from. */
export interface LinedEvent {
  event: GameEventLine;
  line: number;
}

/** How a file's events are linked: as `export` writes them, or not at all (`simulate`'s output). */
export type FileChaining = 'chained' | 'unchained';

/** The chain links an event line of a file carries: both, or none. */
export function chainingOf(event: GameEventLine): FileChaining | null {
  const { prevHash, hash } = event.metadata;
  if (typeof prevHash === 'string' && typeof hash === 'string') return 'chained';
  if (prevHash === undefined && hash === undefined) return 'unchained';
  return null;
}

/**
 * The events of a file as the store is to hold them, one at a time: a chained file's events as they are, each
 * checked to extend the chain; an unchained file's events given the links the service would have given them
 * (`chainSecret` recorded in the first event's metadata and keying the genesis, then each event's hash), each
 * checked to carry none of its own and to follow the revision before it. `broken` words the failure (before
 * anything is written, or during the appends).
 */
export async function* chainedEventsOf(
  file: string,
  gameId: string,
  chaining: FileChaining,
  broken: (revision: number, detail: string, line: number) => CliFailure,
  chainSecret: string,
): AsyncGenerator<LinedEvent> {
  if (chaining === 'chained') {
    const check = new FileChainCheck(file, gameId);
    for await (const { event, line } of readEventFile(file)) {
      if (!check.extendedBy(event)) {
        const { revision, detail } = check.breach();
        throw broken(revision, detail, line);
      }
      yield { event, line };
    }
    return;
  }
  let previous = '';
  let expected = 0;
  for await (const { event: read, line } of readEventFile(file)) {
    let event = read;
    if (read.revision === 0) {
      // A file that kept its game's secret (links stripped by hand) is chained with it, as it was recorded.
      const own = chainSecretOf(read.metadata);
      if (own === null) throw broken(0, `metadata.${CHAIN_SECRET_FIELD} is not 64 lowercase hex digits`, line);
      const secret = own ?? chainSecret;
      event = { ...read, metadata: { ...read.metadata, [CHAIN_SECRET_FIELD]: secret } };
      previous = genesisHash(gameId, secret);
    }
    if (chainingOf(read) !== 'unchained') {
      throw broken(event.revision, 'the event carries chain links, the ones before it none: a mixed file', line);
    }
    if (event.revision !== expected) throw broken(expected, `missing revision (found ${event.revision} instead)`, line);
    if (event.metadata.gameId !== gameId) throw broken(expected, `metadata.gameId is not ${gameId}`, line);
    const unhashable = canonicalFormProblem(event.data, 'data') ?? canonicalFormProblem(event.metadata, 'metadata');
    if (unhashable !== null) throw broken(expected, `its content cannot be hashed: ${unhashable}`, line);
    const linked = chainEvent(previous, event);
    previous = linked.metadata.hash;
    expected += 1;
    yield { event: linked, line };
  }
}
