import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPLAY_ASSETS_IN_REPO, ReplayAssets, escapeHtml, findReplayAssetsDir } from './replay-assets';

describe('replay page assets', () => {
  let root: string;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-replay-assets-'));
  });

  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  function writeAssets(dir: string, page = '<title>{{gameId}}</title><body data-game-id="{{gameId}}">'): void {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'replay.html'), page);
    fs.writeFileSync(path.join(dir, 'replay.js'), '// script');
    fs.writeFileSync(path.join(dir, 'replay.css'), '/* style */');
  }

  it('are found next to the code (ts-node, Jest) and in the sources from a tsc build in dist/', () => {
    expect(findReplayAssetsDir()).toBe(path.join(__dirname, 'assets'));
    const sources = path.join(root, REPLAY_ASSETS_IN_REPO);
    writeAssets(sources);
    const compiled = path.join(root, 'dist', 'apps', 'api', 'src', 'replay');
    fs.mkdirSync(compiled, { recursive: true });
    expect(findReplayAssetsDir(compiled)).toBe(sources);
    writeAssets(path.join(compiled, 'assets'));
    expect(findReplayAssetsDir(compiled)).toBe(path.join(compiled, 'assets'));
  });

  it('serve every module and style sheet of the folder, and nothing else (not the template, not the tsconfig)', () => {
    const assets = new ReplayAssets(path.join(__dirname, 'assets'));
    const names = fs.readdirSync(path.join(__dirname, 'assets'));
    expect(assets.names).toEqual(names.filter((name) => /\.(js|css)$/.test(name)).sort());
    expect(assets.names).toEqual(expect.arrayContaining(['replay.js', 'api-client.js', 'event-list.js', 'board.js']));
    expect(assets.file('tsconfig.json')).toBeUndefined();
  });

  it('say where they were looked for when missing', () => {
    expect(() => findReplayAssetsDir(root)).toThrow(`${REPLAY_ASSETS_IN_REPO}/replay.html`);
  });

  it('put the game id into the page, escaped', () => {
    writeAssets(root);
    const assets = new ReplayAssets(root);
    expect(assets.page('demo')).toBe('<title>demo</title><body data-game-id="demo">');
    expect(assets.page('a"<b>$&')).toBe(
      '<title>a&quot;&lt;b&gt;$&amp;</title><body data-game-id="a&quot;&lt;b&gt;$&amp;">',
    );
    expect(assets.file('replay.js')).toEqual({ contentType: 'text/javascript; charset=utf-8', body: '// script' });
    expect(assets.file('replay.html')).toBeUndefined();
    expect(assets.names).toEqual(['replay.css', 'replay.js']);
    fs.writeFileSync(path.join(root, 'replay.html'), '<head>{{modulePreloads}}</head>');
    expect(new ReplayAssets(root).page('g')).toBe(
      '<head><link rel="modulepreload" href="/replay/assets/replay.js" /></head>',
    );
    expect(escapeHtml(`'&`)).toBe('&#39;&amp;');
  });
});
