import { prettyLogLine } from './pretty-log.stream';

const at = Date.UTC(2026, 11, 1, 12, 4, 31);

describe('prettyLogLine', () => {
  it('says a request in one line: method, address, status, time', () => {
    const line = JSON.stringify({
      level: 40,
      time: at,
      req: { method: 'GET', url: '/x' },
      res: { statusCode: 404 },
      responseTime: 3.4,
    });
    expect(prettyLogLine(line, true)).toBe('12:04:31 WARN  GET /x 404 3 ms\n');
  });

  it('names the context, and adds the error (with its stack from level error up)', () => {
    const err = { type: 'TypeError', message: 'boom', stack: 'TypeError: boom\n    at here' };
    expect(prettyLogLine(JSON.stringify({ level: 40, time: at, context: 'Gc', msg: 'retry', err }), true)).toBe(
      '12:04:31 WARN  [Gc] retry — TypeError: boom\n',
    );
    expect(prettyLogLine(JSON.stringify({ level: 50, time: at, msg: 'failed', err }), true)).toBe(
      '12:04:31 ERROR failed — TypeError: boom\nTypeError: boom\n    at here\n',
    );
  });

  it('leaves out Nest’s start-up lines unless asked for them, and passes on what is not JSON', () => {
    const mapped = JSON.stringify({
      level: 30,
      time: at,
      context: 'RouterExplorer',
      msg: 'Mapped {/games, GET} route',
    });
    expect(prettyLogLine(mapped, true)).toBeNull();
    expect(prettyLogLine(mapped, false)).toBe('12:04:31 INFO  [RouterExplorer] Mapped {/games, GET} route\n');
    expect(prettyLogLine('plain words', true)).toBe('plain words\n');
  });
});
