import { CommandRejected } from '@app/rules';
import { ORDER_BODY_FIELDS, withBodyFields } from './rejected-field';

describe('withBodyFields', () => {
  const refuse = (field: string | null) => () => Promise.reject(new CommandRejected('rule', 'T3', 'no', field));

  it('names the field of the body the client sent, not the command’s', async () => {
    await expect(withBodyFields(ORDER_BODY_FIELDS.OrderAttack, refuse('victim'))).rejects.toMatchObject({
      field: 'attack.victim',
      rule: 'T3',
      kind: 'rule',
    });
    await expect(withBodyFields(ORDER_BODY_FIELDS.TargetSpell, refuse('spell'))).rejects.toMatchObject({
      field: 'cast',
    });
    await expect(withBodyFields(ORDER_BODY_FIELDS.DiscardSpell, refuse('spell'))).rejects.toMatchObject({
      field: 'discard',
    });
  });

  it('leaves other fields and other errors alone', async () => {
    await expect(withBodyFields(ORDER_BODY_FIELDS.TargetSpell, refuse('target'))).rejects.toMatchObject({
      field: 'target',
    });
    await expect(withBodyFields(ORDER_BODY_FIELDS.TargetSpell, refuse(null))).rejects.toMatchObject({ field: null });
    const error = new Error('boom');
    await expect(withBodyFields({}, () => Promise.reject(error))).rejects.toBe(error);
    await expect(withBodyFields({}, () => Promise.resolve(7))).resolves.toBe(7);
  });
});
