import { platformCrypto } from '../crypto/platform-crypto';
import type { VerifierCrypto } from '../crypto/verifier-crypto';
import { statementsOfText } from '../files/statement-file.parse';
import { UnusableInputError } from '../files/unusable-input.error';
import { type VerificationKeys, verificationKeysOfText } from '../keys/verification-keys';
import { verifyExport } from './export-verification';
import { proofVerdict } from './proof-verdict';
import { type VerdictLines, statementVerdicts } from './statement-verdicts';

/** A file handed to the verifier, however it is read (a path in Node, a picked File in a page). */
export interface FileToVerify {
  /** As the verdicts name it: the path given, or the picked file's name. */
  name: string;
  text(): Promise<string>;
  /** Its text in pieces, for a file that may be long (an export). */
  chunks(): AsyncIterable<string>;
}

/** What a judge hands the verifier: a game's export, receipts, keys, proofs of the log and a tree head kept. */
export interface FilesToVerify {
  export?: FileToVerify;
  receipts?: FileToVerify;
  keys?: FileToVerify;
  proofs?: readonly FileToVerify[];
  treeHead?: FileToVerify;
}

export type CheckOutcome = 'holds' | 'does not hold' | 'unusable';

/** One check run on the files, as the command line would run it, and its verdict in the command line's words. */
export interface FilesCheck {
  /** The command line that gives the same verdict: `sanctum verify game.jsonl --receipts red.jsonl --key keys.json`. */
  command: string;
  outcome: CheckOutcome;
  /** What the command prints (on standard output; for unusable input, its message). */
  lines: string[];
}

/** How far the check of an export has come (an export may hold a million events). */
export type FilesProgress = (what: { file: string; events: number }) => void | Promise<void>;

const NO_KEYS =
  '--key is required: the keys the service listed (GET /.well-known/sanctum-keys saved), PEM or verifier keys';

async function outcomeOf(command: string, check: () => Promise<VerdictLines>): Promise<FilesCheck> {
  try {
    const { lines, holds } = await check();
    return { command, outcome: holds ? 'holds' : 'does not hold', lines };
  } catch (error) {
    if (error instanceof UnusableInputError) return { command, outcome: 'unusable', lines: [error.message] };
    throw error;
  }
}

/**
 * Every check the files allow, each as its command would run it, with the same verdicts: the export audited
 * (`sanctum verify`, with the receipts and keys when given: whether the game holds each receipt); receipts without an
 * export, their signatures (`sanctum verify-receipt`); each proof of the log (`sanctum verify-proof`, against the
 * tree head kept when given). Nothing is fetched: keys come from the files too. The offline page runs this.
 */
export async function verifyFiles(
  files: FilesToVerify,
  onProgress?: FilesProgress,
  crypto: VerifierCrypto = platformCrypto,
): Promise<FilesCheck[]> {
  const { keys: keysFile, receipts } = files;
  let keys: Promise<VerificationKeys> | undefined;
  const keysNeeded = (): Promise<VerificationKeys> => {
    if (keysFile === undefined) return Promise.reject(new UnusableInputError(NO_KEYS));
    keys ??= keysFile
      .text()
      .then((text) => verificationKeysOfText(text, `--key ${keysFile.name}`, keysFile.name, crypto));
    return keys;
  };
  const withKey = keysFile === undefined ? '' : ` --key ${keysFile.name}`;
  const checks: FilesCheck[] = [];
  const exported = files.export;
  if (exported !== undefined) {
    const command = `sanctum verify ${exported.name}${receipts ? ` --receipts ${receipts.name}${withKey}` : ''}`;
    checks.push(
      await outcomeOf(command, async () => {
        const given =
          receipts === undefined
            ? undefined
            : {
                statements: statementsOfText(await receipts.text(), receipts.name, 'receipt'),
                keys: await keysNeeded(),
              };
        return verifyExport(
          {
            name: exported.name,
            chunks: exported.chunks(),
            receipts: given,
            onProgress: (events) => onProgress?.({ file: exported.name, events }),
          },
          crypto,
        );
      }),
    );
  } else if (receipts !== undefined) {
    checks.push(
      await outcomeOf(`sanctum verify-receipt ${receipts.name}${withKey}`, async () => {
        const keysRead = await keysNeeded();
        return statementVerdicts(statementsOfText(await receipts.text(), receipts.name), keysRead, crypto);
      }),
    );
  }
  const kept = files.treeHead;
  for (const proof of files.proofs ?? []) {
    const command = `sanctum verify-proof ${proof.name}${withKey}${kept ? ` --tree-head ${kept.name}` : ''}`;
    checks.push(
      await outcomeOf(command, async () => {
        const keysRead = await keysNeeded();
        const keptText = kept === undefined ? undefined : { name: kept.name, text: await kept.text() };
        return proofVerdict({ name: proof.name, text: await proof.text() }, keysRead, keptText, crypto);
      }),
    );
  }
  return checks;
}
