import * as path from 'node:path';
import { BuiltOnFirstUse } from './built-on-first-use';
import { REPLAY_VERIFIER_FILE } from './replay-verifier.file';

/** The replay page's verifier module as the service serves it (built-on-first-use.ts), as the offline page is. */
export class ReplayVerifierSource extends BuiltOnFirstUse<string> {
  constructor(builtFile: string = path.join(__dirname, REPLAY_VERIFIER_FILE)) {
    super(
      builtFile,
      (module) => module,
      async () => (await import('./replay-verifier.build')).buildReplayVerifier(),
    );
  }
}
