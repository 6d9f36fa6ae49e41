import { readFile } from 'node:fs/promises';
import { Command, CommandRunner, Option } from 'nest-commander';
import { type NamedText, proofVerdict } from '@app/verifier';
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

async function readText(file: string, what: string): Promise<NamedText> {
  try {
    return { name: file, text: await readFile(userPath(file), 'utf8') };
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    throw new CliFailure(
      EXIT.invalidInput,
      `${what} ${file}: cannot read it: ${code === 'ENOENT' ? 'no such file' : message}`,
    );
  }
}

/**
 * `sanctum verify-proof FILE --key URL|PEM|VKEY [--tree-head KEPT]`: checks a proof of the tournament log with the
 * public keys alone, in any form the service answers it (the verifier's proofVerdict, as the offline page runs it):
 * `GET /log/inclusion`, `/log/consistency`, `/log/tlog-proof`, `/log/tlog-consistency` (against the kept checkpoint,
 * which it needs), or a bare `/log/checkpoint`. With `--tree-head`, the proof must be against that tree head (one the
 * organiser published and the verifier kept). Exit 0 valid, 3 not, 2 bad input.
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
      const proof = await readText(file, 'proof');
      const kept = options.treeHead === undefined ? undefined : await readText(options.treeHead, '--tree-head');
      const verdict = await proofVerdict(proof, keys, kept);
      await writeLines(process.stdout, verdict.lines);
      return verdict.holds ? EXIT.ok : EXIT.tampered;
    });
  }
}
