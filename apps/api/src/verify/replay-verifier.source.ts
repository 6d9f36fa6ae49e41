import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPLAY_VERIFIER_FILE } from './replay-verifier.file';

/**
 * The replay page's verifier module as the service serves it: the file `npm run build` wrote beside this module (in
 * dist), or, where there is none (`npm start` runs from the sources), built from the sources on first request and
 * kept — as the offline verifier page is (verify-page.source.ts).
 */
export class ReplayVerifierSource {
  private module: Promise<string> | undefined;

  constructor(private readonly builtFile: string = path.join(__dirname, REPLAY_VERIFIER_FILE)) {}

  get(): Promise<string> {
    this.module ??= this.load();
    // A failed build is tried again at the next request rather than kept.
    this.module.catch(() => (this.module = undefined));
    return this.module;
  }

  private async load(): Promise<string> {
    if (fs.existsSync(this.builtFile)) return fs.promises.readFile(this.builtFile, 'utf8');
    // esbuild is a development tool: loaded only here, where no built module exists.
    const { buildReplayVerifier } = await import('./replay-verifier.build');
    return buildReplayVerifier();
  }
}
