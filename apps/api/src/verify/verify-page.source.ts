import * as fs from 'node:fs';
import * as path from 'node:path';
import type { VerifyPage } from './verify-page.build';
import { VERIFY_PAGE_FILE } from './verify-page.file';

/** The policy a page states in its own head (a `<meta http-equiv>`), which the service also sends as a header. */
const META_CSP = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/;

/**
 * The offline verifier page as the service serves it: the file `npm run build` wrote beside this module (in dist),
 * or, where there is none (`npm start` runs from the sources), built from the sources on first request and kept.
 */
export class VerifyPageSource {
  private page: Promise<VerifyPage> | undefined;

  constructor(private readonly builtFile: string = path.join(__dirname, VERIFY_PAGE_FILE)) {}

  get(): Promise<VerifyPage> {
    this.page ??= this.load();
    // A failed build is tried again at the next request rather than kept.
    this.page.catch(() => (this.page = undefined));
    return this.page;
  }

  private async load(): Promise<VerifyPage> {
    if (fs.existsSync(this.builtFile)) {
      const html = await fs.promises.readFile(this.builtFile, 'utf8');
      const csp = META_CSP.exec(html)?.[1];
      if (csp === undefined) throw new Error(`${this.builtFile} states no content security policy`);
      return { html, csp };
    }
    // esbuild is a development tool: loaded only here, where no built page exists.
    const { buildVerifyPage } = await import('./verify-page.build');
    return buildVerifyPage();
  }
}
