import type { OptionMetadata } from 'nest-commander';
import { CliFailure } from '../cli-failure.error';
import { EXIT } from '../exit-codes';
import { type SigningKeys, signingKeysFrom } from './signing-keys.source';

const FLAGS = '--key <url-or-pem>';
const WHERE_FROM =
  'the service’s /.well-known/sanctum-keys URL, a file of that answer, of PEM public keys or of C2SP verifier keys';

/** `--key` of the commands that check signatures against the keys given and no others. */
export const REQUIRED_SIGNING_KEYS_OPTION: OptionMetadata = {
  flags: FLAGS,
  description: `${WHERE_FROM}, or PEM text or a verifier key`,
  required: true,
};

/** `--key` of `verify --receipts`, which without it takes the keys of the service configured here. */
export const RECEIPT_SIGNING_KEYS_OPTION: OptionMetadata = {
  flags: FLAGS,
  description: `the keys receipts are checked against: ${WHERE_FROM} (default: the keys of the service configured here)`,
};

/** The keys of a required `--key`: commander refuses a command line without it, but `run` may be called directly. */
export async function requiredSigningKeys(key: string | undefined): Promise<SigningKeys> {
  if (key === undefined) throw new CliFailure(EXIT.invalidInput, '--key is required');
  return signingKeysFrom(key);
}
