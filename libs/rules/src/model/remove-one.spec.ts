import { removeOne } from './remove-one';

describe('removeOne', () => {
  it('takes out the first copy only, in place', () => {
    const hand = ['bolt', 'mend', 'bolt'];
    removeOne(hand, 'bolt');
    expect(hand).toEqual(['mend', 'bolt']);
  });

  it('leaves the list as it was when the value is not in it (never the last element instead)', () => {
    const ids = ['R1', 'R2'];
    removeOne(ids, 'B1');
    expect(ids).toEqual(['R1', 'R2']);
  });
});
