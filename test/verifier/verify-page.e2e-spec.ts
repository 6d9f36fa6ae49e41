import * as path from 'node:path';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from '../api/support/api-test-app';

/**
 * GET /verify: the offline verifier page, public, as one self-contained file whose own policy lets it run its one
 * inlined script and style sheet and reach no network (the same policy in the header, and no framing); the same file
 * to keep at GET /verify/sanctum-verify.html. Run from the sources, the service builds it on first request.
 */
describe('the offline verifier page served at /verify (e2e)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'), { gcScheduler: false });
  });
  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  it('serves one HTML file with everything inlined and a policy that allows no network', async () => {
    const page = await api.as().get('/verify').expect(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toMatch(/^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/]{43}='; style-src 'sha256-[^']+'; /);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/connect-src|unsafe-inline|unsafe-eval/);
    expect(page.text).toContain(
      `<meta http-equiv="Content-Security-Policy" content="${csp.replace("; frame-ancestors 'none'", '')}"`,
    );
    // Self-contained: nothing it would load from anywhere.
    expect(page.text).not.toMatch(/<script[^>]+src=|<link[^>]+rel="stylesheet"/);
    expect(page.text.match(/<script>/g)).toHaveLength(1);
    for (const testid of ['export-file', 'receipts-file', 'keys-file', 'proof-files', 'tree-head-file', 'verify']) {
      expect(page.text).toContain(`data-testid="${testid}"`);
    }
    const kept = await api.as().get('/verify/sanctum-verify.html').expect(200);
    expect(kept.headers['content-disposition']).toBe('attachment; filename="sanctum-verify.html"');
    expect(kept.text).toBe(page.text);
  });
});
