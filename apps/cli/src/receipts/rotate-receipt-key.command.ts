import { createPrivateKey, createPublicKey } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Command, CommandRunner } from 'nest-commander';
import { keyIdOf } from '@app/games/receipts/signing-key';
import { rotateReceiptSigningKey, secretsFileFor } from '@app/games/secrets/service-secrets.file';
import { CliFailure } from '../cli-failure.error';
import { EXIT } from '../exit-codes';
import { writeLines } from '../output';
import { runStoreTask } from '../transfer/run-store-task';

/**
 * `sanctum rotate-receipt-key`: a new receipt signing key in the configured service's secrets file; the old key's
 * public half stays listed (retiredReceiptKeys), so every receipt signed so far still verifies. Processes already
 * running sign with the old key until they are restarted.
 */
@Command({
  name: 'rotate-receipt-key',
  description: 'sign receipts with a new key from now on (restart the service); the old public key stays listed',
})
export class RotateReceiptKeyCommand extends CommandRunner {
  async run(): Promise<void> {
    await runStoreTask(async () => {
      if (existsSync('.env')) process.loadEnvFile('.env');
      const { eventStoreOptionsFromEnv } = await import('@app/event-store');
      let file: string | null;
      try {
        file = secretsFileFor(eventStoreOptionsFromEnv(process.env));
      } catch (error) {
        throw new CliFailure(EXIT.invalidInput, (error as Error).message);
      }
      if (file === null) throw new CliFailure(EXIT.invalidInput, 'a store in memory keeps no secrets file to rotate');
      let rotated: ReturnType<typeof rotateReceiptSigningKey>;
      try {
        rotated = rotateReceiptSigningKey(file);
      } catch (error) {
        throw new CliFailure(EXIT.invalidInput, (error as Error).message);
      }
      const newKeyId = keyIdOf(createPublicKey(createPrivateKey(rotated.secrets.receiptSigningKey)));
      const oldKeyId = rotated.retired === '' ? null : keyIdOf(createPublicKey(rotated.retired));
      const lines = [
        `receipt signing key rotated in ${file}: new key ${newKeyId}${oldKeyId ? `, retired ${oldKeyId} (still listed)` : ''}`,
        'restart every service process on this store: until then they sign with the old key',
      ];
      if (process.env.RECEIPT_SIGNING_KEY?.trim()) {
        lines.push('note: RECEIPT_SIGNING_KEY is set here and signs instead of the file’s key; change it to rotate');
      }
      await writeLines(process.stdout, lines);
      return EXIT.ok;
    });
  }
}
