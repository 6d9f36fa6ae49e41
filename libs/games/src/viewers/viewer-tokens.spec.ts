import { playerToken, readPlayerToken } from './viewer-tokens';

describe('player tokens', () => {
  const secret = 'a-server-secret-of-some-length';

  it('say whose they are, and only this server’s secret makes them', () => {
    const token = playerToken(secret, 'final-1', 'blue');
    expect(token).toMatch(/^final-1\.blue\.[A-Za-z0-9_-]{43}$/);
    expect(playerToken(secret, 'final-1', 'blue')).toBe(token);
    expect(readPlayerToken(secret, token)).toEqual({ gameId: 'final-1', colour: 'blue' });
    expect(readPlayerToken('another-server-secret-00', token)).toBeNull();
  });

  it('cannot be turned into another game’s or colour’s', () => {
    const signature = playerToken(secret, 'final-1', 'blue').split('.')[2];
    expect(readPlayerToken(secret, `final-1.red.${signature}`)).toBeNull();
    expect(readPlayerToken(secret, `final-2.blue.${signature}`)).toBeNull();
    for (const malformed of [
      '',
      'final-1',
      'final-1.blue',
      'a.b.c.d',
      `.blue.${signature}`,
      `final-1.green.${signature}`,
    ]) {
      expect(readPlayerToken(secret, malformed)).toBeNull();
    }
  });
});
