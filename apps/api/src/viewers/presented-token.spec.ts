import { BadRequestException } from '@nestjs/common';
import type { Request } from 'express';
import { TokenRefused, presentedToken } from './presented-token';
import { redactTokenInUrl } from './token-in-url';

const requestWith = (authorization?: string, query: Record<string, unknown> = {}) =>
  ({ headers: authorization === undefined ? {} : { authorization }, query }) as unknown as Request;

describe('the token a request presents', () => {
  it('is the Bearer of the Authorization header (any case of the scheme), or none', () => {
    expect(presentedToken(requestWith('Bearer abc.red.xyz'), false)).toBe('abc.red.xyz');
    expect(presentedToken(requestWith('bearer  abc=='), false)).toBe('abc==');
    expect(presentedToken(requestWith(), false)).toBeUndefined();
  });

  it.each(['Basic cmVkOnJlZA==', 'Bearer', 'Bearer two words', 'abc'])('refuses the header %p with 401', (header) => {
    expect(() => presentedToken(requestWith(header), false)).toThrow(TokenRefused);
  });

  it('is taken from ?token= only where allowed, and must not be given twice differently', () => {
    expect(presentedToken(requestWith(undefined, { token: 'q' }), false)).toBeUndefined();
    expect(presentedToken(requestWith(undefined, { token: 'q' }), true)).toBe('q');
    expect(presentedToken(requestWith('Bearer q', { token: 'q' }), true)).toBe('q');
    expect(presentedToken(requestWith(undefined, { token: '' }), true)).toBeUndefined();
    expect(() => presentedToken(requestWith('Bearer h', { token: 'q' }), true)).toThrow(BadRequestException);
    expect(() => presentedToken(requestWith(undefined, { token: ['a', 'b'] }), true)).toThrow(BadRequestException);
  });

  it('never reaches a log line through the URL', () => {
    expect(redactTokenInUrl('/events/stream?token=abc.red.x&from=3')).toBe('/events/stream?token=[Redacted]&from=3');
    expect(redactTokenInUrl('/games/g/events/stream?from=3&TOKEN=x')).toBe(
      '/games/g/events/stream?from=3&TOKEN=[Redacted]',
    );
    expect(redactTokenInUrl('/games?tokens=1')).toBe('/games?tokens=1');
    expect(redactTokenInUrl(undefined)).toBeUndefined();
  });
});
