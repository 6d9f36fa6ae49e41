import { CommandRejected } from '@app/rules';

/**
 * The engine names the command's fields (`spell`, `attacker`); the client sent the order's (`cast`,
 * `attack.attacker`). A rejection is re-addressed so that its `field` points into the body the client sent.
 */
export async function withBodyFields<T>(fields: Record<string, string>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof CommandRejected) || error.field === null) throw error;
    const [head = '', ...rest] = error.field.split('.');
    const renamed = fields[head];
    if (renamed === undefined) throw error;
    throw new CommandRejected(error.kind, error.rule, error.reason, [renamed, ...rest].join('.'));
  }
}

/** Command field → body field, per order command. */
export const ORDER_BODY_FIELDS = {
  TargetSpell: { spell: 'cast' },
  OrderAttack: { attacker: 'attack.attacker', victim: 'attack.victim', attack: 'attack.attack' },
  DiscardSpell: { spell: 'discard' },
} satisfies Record<string, Record<string, string>>;
