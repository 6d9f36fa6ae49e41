import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildReplayVerifier } from '../apps/api/src/verify/replay-verifier.build';
import { REPLAY_VERIFIER_FILE } from '../apps/api/src/verify/replay-verifier.file';
import { buildVerifyPage } from '../apps/api/src/verify/verify-page.build';
import { VERIFY_PAGE_FILE } from '../apps/api/src/verify/verify-page.file';

/**
 * Part of `npm run build`: the verifier in a browser — the offline verifier page (one self-contained HTML file) and
 * the replay page's verifier module — written beside the compiled modules that serve them (dist/apps/api/src/verify/),
 * so a production service never builds them.
 */
async function main(): Promise<void> {
  const dir = path.resolve(__dirname, '..', 'dist', 'apps', 'api', 'src', 'verify');
  fs.mkdirSync(dir, { recursive: true });
  const { html } = await buildVerifyPage();
  const built: [string, string][] = [
    [VERIFY_PAGE_FILE, html],
    [REPLAY_VERIFIER_FILE, await buildReplayVerifier()],
  ];
  for (const [name, text] of built) {
    const out = path.join(dir, name);
    fs.writeFileSync(out, text);
    console.log(`${path.relative(process.cwd(), out)}: ${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
