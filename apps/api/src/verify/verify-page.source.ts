import * as path from 'node:path';
import { BuiltOnFirstUse } from './built-on-first-use';
import type { VerifyPage } from './verify-page.build';
import { VERIFY_PAGE_FILE } from './verify-page.file';

/** The policy a page states in its own head (a `<meta http-equiv>`), which the service also sends as a header. */
const META_CSP = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/;

/** The offline verifier page as the service serves it (built-on-first-use.ts), with the policy its head states. */
export class VerifyPageSource extends BuiltOnFirstUse<VerifyPage> {
  constructor(builtFile: string = path.join(__dirname, VERIFY_PAGE_FILE)) {
    super(
      builtFile,
      (html) => {
        const csp = META_CSP.exec(html)?.[1];
        if (csp === undefined) throw new Error(`${builtFile} states no content security policy`);
        return { html, csp };
      },
      async () => (await import('./verify-page.build')).buildVerifyPage(),
    );
  }
}
