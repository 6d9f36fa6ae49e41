import { readFile } from 'node:fs/promises';
import { Command, CommandRunner, Option } from 'nest-commander';
import {
  type ConsistencyProofAnswer,
  type InclusionProofAnswer,
  type SignedTreeHead,
  statementProblems,
  verifyConsistencyAnswer,
  verifyInclusionAnswer,
} from '@app/games';
import { CliFailure } from '../cli-failure.error';
import { EXIT } from '../exit-codes';
import { writeLines } from '../output';
import { runStoreTask } from '../transfer/run-store-task';
import { userPath } from '../user-path';
import { REQUIRED_SIGNING_KEYS_OPTION, requiredSigningKeys } from './signing-keys.option';
import { requiredArgument } from '../required-argument';

export interface VerifyProofOptions {
  key?: string;
  treeHead?: string;
}

async function readJson(file: string, what: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(userPath(file), 'utf8');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    throw new CliFailure(
      EXIT.invalidInput,
      `${what} ${file}: cannot read it: ${code === 'ENOENT' ? 'no such file' : message}`,
    );
  }
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not a JSON object');
    return value as Record<string, unknown>;
  } catch (error) {
    throw new CliFailure(EXIT.invalidInput, `${what} ${file}: not a JSON object: ${(error as Error).message}`);
  }
}

/**
 * The tree head a verifier kept: as `GET /log/tree-head` answers it, or the whole answer of `POST /log/heads` (the
 * organiser publishes that, its `treeHead` inside). Anything else is bad input, named: a proof checked against a
 * tree head with no size or root would only say "not the kept one".
 */
async function readKeptTreeHead(file: string): Promise<SignedTreeHead> {
  const value = await readJson(file, '--tree-head');
  const treeHead = 'treeHead' in value && !('size' in value) ? value.treeHead : value;
  const problems = statementProblems(treeHead, 'tree head');
  if (problems.length > 0) {
    throw new CliFailure(
      EXIT.invalidInput,
      `--tree-head ${file}: not a signed tree head (GET /log/tree-head, or POST /log/heads' answer): ${problems.join('; ')}`,
    );
  }
  return treeHead as SignedTreeHead;
}

/**
 * `sanctum verify-proof FILE --key URL|PEM [--tree-head KEPT]`: checks a proof of the tournament log as the service
 * answers it — `GET /log/inclusion` (a head is in the log) or `GET /log/consistency` (a later log extends an earlier
 * one) — with the public keys alone: the signatures, and the RFC 9162 proof. With `--tree-head`, the proof must be
 * against that tree head (one the organiser published and the verifier kept). Exit 0 valid, 3 not, 2 bad input.
 */
@Command({
  name: 'verify-proof',
  arguments: '<file>',
  description: 'check an inclusion or consistency proof of the tournament log (GET /log/inclusion, /log/consistency)',
  argsDescription: { file: 'the service’s answer, saved as JSON' },
})
export class VerifyProofCommand extends CommandRunner {
  @Option(REQUIRED_SIGNING_KEYS_OPTION)
  parseKey(value: string): string {
    return value;
  }

  @Option({
    flags: '--tree-head <file>',
    description: 'a signed tree head you kept (or POST /log/heads’ answer, as published): the proof must be against it',
  })
  parseTreeHead(value: string): string {
    return value;
  }

  async run(args: string[], options: VerifyProofOptions = {}): Promise<void> {
    const file = requiredArgument(args, 'file');
    await runStoreTask(async () => {
      const keys = await requiredSigningKeys(options.key);
      const answer = await readJson(file, 'proof');
      const kept = options.treeHead === undefined ? undefined : await readKeptTreeHead(options.treeHead);
      let line: string;
      let valid: boolean;
      if ('auditPath' in answer) {
        const proof = answer as unknown as InclusionProofAnswer;
        const verdict = verifyInclusionAnswer(proof, keys.keys, kept);
        valid = verdict.valid;
        const what = `the head of game ${String(proof.head?.gameId)} at revision ${String(proof.head?.revision)} is leaf ${String(proof.leafIndex)} of the log of size ${String(proof.treeHead?.size)}`;
        line = verdict.valid ? `verdict: VALID: ${what}` : `verdict: NOT VALID: ${what}? ${verdict.reason}`;
      } else if ('proof' in answer && 'first' in answer) {
        const proof = answer as unknown as ConsistencyProofAnswer;
        const verdict = verifyConsistencyAnswer(proof, keys.keys, kept);
        valid = verdict.valid;
        const what = `the log of size ${String(proof.second?.size)} extends the log of size ${String(proof.first?.size)}`;
        line = verdict.valid ? `verdict: VALID: ${what}` : `verdict: NOT VALID: ${what}? ${verdict.reason}`;
      } else {
        throw new CliFailure(
          EXIT.invalidInput,
          `${file}: neither an inclusion proof (auditPath) nor a consistency proof (first, second, proof)`,
        );
      }
      await writeLines(process.stdout, [line]);
      return valid ? EXIT.ok : EXIT.tampered;
    });
  }
}
