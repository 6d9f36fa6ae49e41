import { BadRequestException } from '@nestjs/common';
import { checkpointAfter, parseLastEventId } from './last-event-id';

describe('Last-Event-ID and ?from=', () => {
  it('resumes after Last-Event-ID, which wins over ?from=', () => {
    expect(checkpointAfter(parseLastEventId('41'), 3)).toBe(41);
  });

  it('starts at ?from= (inclusive), or at the beginning', () => {
    expect(checkpointAfter(undefined, 3)).toBe(2);
    expect(checkpointAfter(undefined, 0)).toBeUndefined();
    expect(checkpointAfter(parseLastEventId(undefined), undefined)).toBeUndefined();
    expect(parseLastEventId('  ')).toBeUndefined();
  });

  it.each(['-1', 'abc', '1.5', '1e3'])('refuses Last-Event-ID %p with 400', (header) => {
    expect(() => parseLastEventId(header)).toThrow(BadRequestException);
  });
});
