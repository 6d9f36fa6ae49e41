import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { EntityRefDto } from './entity-ref.dto';
import { SCENARIO_VALIDATION } from './parse-scenario-file';
import { validationProblems } from './validation-problems';

function problems(json: object): string[] {
  return validationProblems(validateSync(plainToInstance(EntityRefDto, json), SCENARIO_VALIDATION), 'target');
}

describe('EntityRefDto', () => {
  it.each([[{ minion: 'M1' }], [{ group: 'G1' }], [{ structure: 'T1' }], [{ square: 'C3' }], [{ globe: true }]])(
    'S2: accepts %j',
    (ref) => {
      expect(problems(ref)).toEqual([]);
    },
  );

  it('names exactly one entity', () => {
    const oneOf = 'target must have exactly one of minion, group, structure, square, globe';
    expect(problems({})).toEqual([`${oneOf} (found: none)`]);
    expect(problems({ minion: 'M1', square: 'C3' })).toEqual([`${oneOf} (found: minion, square)`]);
    expect(problems({ wizard: 'W1' })).toEqual(['target.wizard is not an allowed field', `${oneOf} (found: none)`]);
  });

  it('refuses empty ids, non-string ids and a globe that is not true', () => {
    expect(problems({ minion: '' })).toEqual([
      'target.minion must be an id: a letter, then up to 63 letters, digits, _ or -, optionally followed by a dot and a number (minion.7)',
    ]);
    expect(problems({ group: 3 })).toEqual(['target.group must be a string']);
    expect(problems({ globe: 'yes' })).toEqual(['target.globe must be true']);
  });
});
