import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestLogLevel } from './request-log.level';

const answered = (statusCode: number) => ({ statusCode }) as ServerResponse;
const request = {} as IncomingMessage;

describe('the level of a request’s log line', () => {
  it.each([
    [200, 'info'],
    [404, 'warn'],
    [422, 'warn'],
    [503, 'warn'],
    [500, 'error'],
  ])('%d is %s', (status, level) => {
    expect(requestLogLevel(request, answered(status), undefined)).toBe(level);
  });

  it('an expected 503 stays a warning even with the error pino-http makes of it; a failed 200 is an error', () => {
    expect(requestLogLevel(request, answered(503), new Error('failed with status code 503'))).toBe('warn');
    expect(requestLogLevel(request, answered(200), new Error('socket hang up'))).toBe('error');
  });
});
