import * as path from 'node:path';
import { RULES_REFERENCE } from '@app/games';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { playScenario, readScenario } from './support/scenario.http-player';

const EXAMPLE = path.join(__dirname, '../../examples/bolt-and-blade.scenario.json');

/** Issue #17 "First minutes" and "The rules at hand": what someone opening the service finds. */
describe('the service’s front door: GET /, the rules reference (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'));
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  it('GET / without games says how to make one; with games, lists each with a link to its replay page', async () => {
    const empty = await api.as().get('/').set('Accept', 'text/html').expect(200);
    expect(empty.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(empty.text).toContain('data-testid="no-games"');
    await playScenario(api, readScenario(EXAMPLE), 'first-game', { turns: 1 });
    const page = await api.as().get('/').set('Accept', 'text/html,application/xhtml+xml').expect(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.text).toContain('<a href="/replay/first-game">first-game</a>');
    // Who plays, the turn, live or ended, the result (issue #27).
    expect(page.text).toContain('<td>red (war) against blue (life)</td><td>2 <small>(orders)</small></td>');
    expect(page.text).toContain(
      '<td data-testid="status-first-game">live</td><td data-testid="result-first-game"></td>',
    );
    expect(page.text).toContain('href="/rules"');
    const json = await api.as().get('/').set('Accept', 'application/json').expect(200);
    expect(json.body).toMatchObject({
      games: [{ gameId: 'first-game', replay: '/replay/first-game', turn: 2 }],
      rules: '/rules',
    });
  });

  it('GET /rules: every rule with its statement and source page; GET /rules/:id one of them, in any case', async () => {
    const all = await api.as().get('/rules').expect(200);
    expect(all.body).toEqual({ rules: RULES_REFERENCE });
    const q2 = await api.as().get('/rules/q2').expect(200);
    expect(q2.body).toMatchObject({ id: 'Q2', title: 'A death spoils the rest of the turn' });
    expect(q2.body.sources[0]).toEqual({
      page: 'The Minion Death Pipeline (death categories, deaths squander spells)',
      version: 'v2.10 (2005)',
    });
    const unknown = await api.as().get('/rules/Z9').expect(404);
    expect(unknown.body.message).toContain('no rule "Z9": the rules are B1, B2');
  });

  it('as pages for a browser (Accept: text/html, or ?format=html), each rule with its own anchor', async () => {
    const page = await api.as().get('/rules').set('Accept', 'text/html').expect(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const entry of RULES_REFERENCE) expect(page.text).toContain(`id="${entry.id}"`);
    const one = await api.as().get('/rules/E1.1?format=html').expect(200);
    expect(one.text).toContain('<title>Rule E1.1: One cancel per death · Sanctum Chronicle</title>');
    expect(one.text).not.toContain('id="E2"');
  });

  it('the rules and the front door are in the OpenAPI document where they are API, not where they are pages', async () => {
    const paths = Object.keys((await api.as().get('/docs-json').expect(200)).body.paths as object);
    expect(paths).toEqual(expect.arrayContaining(['/rules', '/rules/{id}', '/events', '/games/{id}/timeline']));
    expect(paths).not.toContain('/');
  });
});
