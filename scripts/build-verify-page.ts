import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildVerifyPage } from '../apps/api/src/verify/verify-page.build';
import { VERIFY_PAGE_FILE } from '../apps/api/src/verify/verify-page.file';

/**
 * Part of `npm run build`: the offline verifier page, one self-contained HTML file, written beside the compiled
 * controller that serves it at GET /verify (dist/apps/api/src/verify/), so a production service never builds it.
 */
async function main(): Promise<void> {
  const out = path.resolve(__dirname, '..', 'dist', 'apps', 'api', 'src', 'verify', VERIFY_PAGE_FILE);
  const { html } = await buildVerifyPage();
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, html);
  console.log(`${path.relative(process.cwd(), out)}: ${(Buffer.byteLength(html) / 1024).toFixed(0)} KiB`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
