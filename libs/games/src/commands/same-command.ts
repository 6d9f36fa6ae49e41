import type { Command } from '@app/rules';
import { canonicalJson } from '../recording/canonical-json';

/** A command's data with defaults filled in, so a request and the command rebuilt from its events compare. */
function normalisedData(command: Command): unknown {
  if (command.type === 'OrderAttack') return { ...command.data, attack: command.data.attack ?? 0 };
  if (command.type === 'CreateGame') return { gameId: command.data.gameId };
  return command.data;
}

/** Do two commands ask for the same thing (ids aside)? Used to tell a retry from a reused Idempotency-Key. */
export function sameCommand(recorded: Command, requested: Command): boolean {
  return (
    recorded.type === requested.type &&
    canonicalJson(normalisedData(recorded)) === canonicalJson(JSON.parse(JSON.stringify(normalisedData(requested))))
  );
}
