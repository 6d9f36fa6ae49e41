import { parentPort } from 'node:worker_threads';
import { parseGameSetup } from '@app/games/scenario-file';
import { ScenarioFileInvalid } from '@app/games/scenario-file';

/** A set-up to check, by its request's number. */
export interface SetUpCheckRequest {
  id: number;
  json: unknown;
}

/** What the check found: no problem, every problem (as parseGameSetup lists them), or a failure of the check. */
export interface SetUpCheckAnswer {
  id: number;
  problems?: readonly string[];
  failure?: string;
}

/** Inside the worker thread (SetUpChecker starts it): each set-up posted is checked and answered in turn. */
parentPort?.on('message', ({ id, json }: SetUpCheckRequest) => {
  let answer: SetUpCheckAnswer;
  try {
    parseGameSetup(json);
    answer = { id, problems: [] };
  } catch (error) {
    answer =
      error instanceof ScenarioFileInvalid
        ? { id, problems: error.problems }
        : { id, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(answer);
});
