import { readFile } from 'node:fs/promises';
import { Command, CommandRunner, Option } from 'nest-commander';
import {
  type ConsistencyProofAnswer,
  type InclusionProofAnswer,
  type KeptTreeHead,
  TLOG_PROOF_HEADER,
  type TlogVerdict,
  keptOfTreeHead,
  statementProblems,
  verifyCheckpoint,
  verifyConsistencyAnswer,
  verifyInclusionAnswer,
  verifyTlogConsistencyText,
  verifyTlogProofText,
} from '@app/games';
import { CliFailure } from '../cli-failure.error';
import { EXIT } from '../exit-codes';
import { writeLines } from '../output';
import { runStoreTask } from '../transfer/run-store-task';
import { userPath } from '../user-path';
import { REQUIRED_SIGNING_KEYS_OPTION, requiredSigningKeys } from './signing-keys.option';
import type { SigningKeys } from './signing-keys.source';
import { requiredArgument } from '../required-argument';

export interface VerifyProofOptions {
  key?: string;
  treeHead?: string;
}

async function readText(file: string, what: string): Promise<string> {
  try {
    return await readFile(userPath(file), 'utf8');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    throw new CliFailure(
      EXIT.invalidInput,
      `${what} ${file}: cannot read it: ${code === 'ENOENT' ? 'no such file' : message}`,
    );
  }
}

function jsonObject(text: string, file: string, what: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not a JSON object');
    return value as Record<string, unknown>;
  } catch (error) {
    throw new CliFailure(EXIT.invalidInput, `${what} ${file}: not a JSON object: ${(error as Error).message}`);
  }
}

/** A C2SP text form, told by its first line; anything else is read as the JSON answers. */
type ProofForm = 'tlog-proof' | 'tlog-consistency' | 'checkpoint' | 'json';

function formOf(text: string): ProofForm {
  if (text.startsWith(`${TLOG_PROOF_HEADER}\n`)) return 'tlog-proof';
  if (/^old \d/.test(text)) return 'tlog-consistency';
  if (text.trimStart().startsWith('{')) return 'json';
  return 'checkpoint';
}

function needNoteKeys(keys: SigningKeys, file: string): void {
  if (keys.noteKeys.length > 0) return;
  throw new CliFailure(
    EXIT.invalidInput,
    `${file} is signed as a C2SP note: --key must give verifier keys (the service’s /.well-known/sanctum-keys lists ` +
      `one per key, "vkey"), not ${keys.name} alone`,
  );
}

/**
 * The tree head a verifier kept: a checkpoint (`GET /log/checkpoint`, its signature checked), a signed tree head
 * as `GET /log/tree-head` answers it, or the whole answer of `POST /log/heads` (the organiser publishes that, its
 * `treeHead` inside). Anything else is bad input, named: a proof checked against a tree head with no size or root
 * would only say "not the kept one".
 */
async function readKeptTreeHead(file: string, keys: SigningKeys): Promise<KeptTreeHead> {
  const text = await readText(file, '--tree-head');
  if (formOf(text) !== 'json') {
    needNoteKeys(keys, `--tree-head ${file}`);
    const verdict = await verifyCheckpoint(text, keys.noteKeys);
    if (!verdict.valid) {
      throw new CliFailure(EXIT.invalidInput, `--tree-head ${file}: not a checkpoint of the log: ${verdict.reason}`);
    }
    return verdict.checkpoint;
  }
  const value = jsonObject(text, file, '--tree-head');
  const treeHead = 'treeHead' in value && !('size' in value) ? value.treeHead : value;
  const problems = statementProblems(treeHead, 'tree head');
  if (problems.length > 0) {
    throw new CliFailure(
      EXIT.invalidInput,
      `--tree-head ${file}: not a signed tree head (GET /log/tree-head, or POST /log/heads' answer) nor a checkpoint: ${problems.join('; ')}`,
    );
  }
  return keptOfTreeHead(treeHead as Parameters<typeof keptOfTreeHead>[0]);
}

const asTreeHead = (kept: KeptTreeHead | undefined) =>
  kept && { size: kept.size, root: Buffer.from(kept.rootHash).toString('hex') };

/** The JSON answers of `GET /log/inclusion` and `GET /log/consistency`. */
function jsonVerdict(
  answer: Record<string, unknown>,
  file: string,
  keys: SigningKeys,
  kept?: KeptTreeHead,
): TlogVerdict {
  if ('auditPath' in answer) {
    const proof = answer as unknown as InclusionProofAnswer;
    const claim = `the head of game ${String(proof.head?.gameId)} at revision ${String(proof.head?.revision)} is leaf ${String(proof.leafIndex)} of the log of size ${String(proof.treeHead?.size)}`;
    return { claim, ...verifyInclusionAnswer(proof, keys.keys, asTreeHead(kept)) };
  }
  if ('proof' in answer && 'first' in answer) {
    const proof = answer as unknown as ConsistencyProofAnswer;
    const claim = `the log of size ${String(proof.second?.size)} extends the log of size ${String(proof.first?.size)}`;
    return { claim, ...verifyConsistencyAnswer(proof, keys.keys, asTreeHead(kept)) };
  }
  throw new CliFailure(
    EXIT.invalidInput,
    `${file}: neither an inclusion proof (auditPath) nor a consistency proof (first, second, proof), in JSON or a C2SP form`,
  );
}

/**
 * `sanctum verify-proof FILE --key URL|PEM|VKEY [--tree-head KEPT]`: checks a proof of the tournament log with the
 * public keys alone, in any form the service answers it — `GET /log/inclusion` or `GET /log/consistency` (JSON:
 * the signatures and the RFC 9162 proof), `GET /log/tlog-proof` (a C2SP tlog-proof: the checkpoint's note
 * signature, the logged head's own signature and the audit path), `GET /log/tlog-consistency` (against the kept
 * checkpoint, which it needs), or a bare `GET /log/checkpoint` (its signature). With `--tree-head`, the proof must
 * be against that tree head (one the organiser published and the verifier kept). Exit 0 valid, 3 not, 2 bad input.
 */
@Command({
  name: 'verify-proof',
  arguments: '<file>',
  description:
    'check a proof of the tournament log: GET /log/inclusion, /log/consistency (JSON), /log/tlog-proof, ' +
    '/log/tlog-consistency or /log/checkpoint (C2SP)',
  argsDescription: { file: 'the service’s answer, saved as it came' },
})
export class VerifyProofCommand extends CommandRunner {
  @Option(REQUIRED_SIGNING_KEYS_OPTION)
  parseKey(value: string): string {
    return value;
  }

  @Option({
    flags: '--tree-head <file>',
    description:
      'a tree head you kept — a checkpoint, a signed tree head, or POST /log/heads’ answer as published: the proof ' +
      'must be against it (a tlog-consistency proof is checked from it)',
  })
  parseTreeHead(value: string): string {
    return value;
  }

  async run(args: string[], options: VerifyProofOptions = {}): Promise<void> {
    const file = requiredArgument(args, 'file');
    await runStoreTask(async () => {
      const keys = await requiredSigningKeys(options.key);
      const text = await readText(file, 'proof');
      const form = formOf(text);
      if (form !== 'json') needNoteKeys(keys, file);
      const kept = options.treeHead === undefined ? undefined : await readKeptTreeHead(options.treeHead, keys);
      const verdict = await this.verdict(form, text, file, keys, kept);
      const line = verdict.valid
        ? `verdict: VALID: ${verdict.claim}`
        : `verdict: NOT VALID: ${verdict.claim}? ${verdict.reason}`;
      await writeLines(process.stdout, [line]);
      return verdict.valid ? EXIT.ok : EXIT.tampered;
    });
  }

  private async verdict(
    form: ProofForm,
    text: string,
    file: string,
    keys: SigningKeys,
    kept: KeptTreeHead | undefined,
  ): Promise<TlogVerdict> {
    switch (form) {
      case 'tlog-proof':
        return verifyTlogProofText(text, keys.noteKeys, keys.keys, kept);
      case 'tlog-consistency':
        if (kept === undefined) {
          throw new CliFailure(
            EXIT.invalidInput,
            `${file}: a consistency proof to a checkpoint carries no earlier root: give --tree-head, the checkpoint kept at its "old" size`,
          );
        }
        return verifyTlogConsistencyText(text, keys.noteKeys, kept);
      case 'checkpoint': {
        if (kept !== undefined) {
          throw new CliFailure(
            EXIT.invalidInput,
            `${file}: a checkpoint alone proves nothing about a kept one: check GET /log/tlog-consistency instead`,
          );
        }
        const verdict = await verifyCheckpoint(text, keys.noteKeys);
        if (!verdict.valid) return { claim: `${file} is a checkpoint of the log`, ...verdict };
        const { origin, size } = verdict.checkpoint;
        return { claim: `the checkpoint of the log ${origin} at size ${size} is signed by the log`, valid: true };
      }
      case 'json':
        return jsonVerdict(jsonObject(text, file, 'proof'), file, keys, kept);
    }
  }
}
