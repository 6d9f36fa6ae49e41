import { type Command, execute, initialState } from '@app/rules';
import { canonicalJson } from '@app/verifier';

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

/**
 * Does a creation ask for the game its id already holds? Compared as the engine records a set-up (its
 * GameCreated data): a request and the set-up rebuilt from the event may spell defaults differently.
 */
export function sameCreation(recordedCreation: { data: unknown }, requested: Command): boolean {
  let created: { data: unknown } | undefined;
  try {
    [created] = execute(initialState(), requested).events;
  } catch {
    return false;
  }
  return created !== undefined && canonicalJson(created.data) === canonicalJson(recordedCreation.data);
}
