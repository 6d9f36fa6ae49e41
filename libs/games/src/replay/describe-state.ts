import { COLOURS } from '@app/rules';
import type { ActiveSpell, GameState, Minion, Order } from '@app/rules';
import { describeMana, describeTarget } from './describe-event';

/** `ward (A1, blue)`, with the marks a reader of the board needs (hidden, expiry). */
function activeSpell(state: GameState, id: string): string {
  const spell: ActiveSpell | undefined = state.activeSpells[id];
  if (!spell) return id;
  const marks = [
    spell.owner,
    spell.visible ? null : 'hidden',
    spell.expiresAtTurn !== null ? `until turn ${spell.expiresAtTurn}` : null,
  ];
  return `${spell.spell} (${[id, ...marks.filter((mark) => mark !== null)].join(', ')})`;
}

function spells(state: GameState, ids: readonly string[]): string {
  return ids.length > 0 ? `  spells: ${ids.map((id) => activeSpell(state, id)).join('; ')}` : '';
}

function minionLine(state: GameState, minion: Minion, idWidth: number): string {
  const what = [minion.kind, minion.class].filter((word) => word !== null).join(' ');
  const bonus = minion.damageBonus !== 0 ? `  damage ${minion.damageBonus > 0 ? '+' : ''}${minion.damageBonus}` : '';
  return (
    `    ${minion.id.padEnd(idWidth)}  ${what.padEnd(18)}  HP ${`${minion.hp}/${minion.maxHp}`.padEnd(7)}` +
    `armor ${`${minion.armor}/${minion.maxArmor}`.padEnd(6)}${minion.status}${bonus}${spells(state, minion.spells)}`
  );
}

function orderLine(order: Order): string {
  switch (order.kind) {
    case 'cast':
      return `  ${order.id}  ${order.player} casts ${order.spell} on ${describeTarget(order.target)}: ${order.outcome}`;
    case 'attack':
      return `  ${order.id}  ${order.player}: ${order.attackerId} attacks ${order.victimId}: ${order.outcome}`;
    case 'discard':
      return `  ${order.id}  ${order.player} discards ${order.spell}`;
    default:
      return `  ${JSON.stringify(order)}`;
  }
}

/**
 * The board at one point of a replay, as lines: a heading line, then indented lines. Players (mana, hand size,
 * graveyard), groups with their minions (HP/max, armor/max, status), structures, the active spells shown on
 * their hosts (squares and the globe listed apart), and the orders given in the current turn.
 */
export function describeState(state: GameState): string[] {
  const lines = [`State after revision ${state.version - 1} (turn ${state.turn}, ${state.phase})`, 'Players'];
  for (const player of [...COLOURS, 'neutral' as const]) {
    const p = state.players[player];
    const graveyard = p.graveyard.length > 0 ? p.graveyard.join(', ') : 'empty';
    if (player === 'neutral' && p.graveyard.length === 0 && p.activeSpells.length === 0) continue;
    // A state as another viewer sees it (`replay --as`) has no pool for the other side.
    const pool = (p as Partial<Pick<typeof p, 'mana'>>).mana;
    const shown = pool === undefined ? 'not shown' : describeMana(pool);
    const mana = player === 'neutral' ? '' : `mana: ${shown}; hand: ${p.hand.length}; `;
    lines.push(`  ${player.padEnd(7)} ${mana}graveyard: ${graveyard}`);
  }

  const minions = Object.values(state.minions);
  const idWidth = Math.max(0, ...minions.map((minion) => minion.id.length));
  const groups = Object.values(state.groups);
  lines.push(groups.length > 0 ? 'Groups' : 'Groups: none');
  for (const group of groups) {
    // A group inside a spell stands on no square [A]: it shows the spell, and the square it left.
    const where = group.heldBy === null ? `on ${group.square}` : `inside ${group.heldBy}, off ${group.square}`;
    lines.push(`  ${group.id} (${group.owner} ${group.kind} group ${where})${spells(state, group.spells)}`);
    for (const id of group.minionIds) {
      const minion = state.minions[id];
      lines.push(minion ? minionLine(state, minion, idWidth) : `    ${id}  (unknown minion)`);
    }
  }
  const loose = minions.filter((minion) => minion.groupId === null || !state.groups[minion.groupId]);
  if (loose.length > 0) {
    lines.push('Minions outside any group (awaiting garbage collection)');
    for (const minion of loose) lines.push(minionLine(state, minion, idWidth));
  }

  const structures = Object.values(state.structures);
  lines.push(structures.length > 0 ? 'Structures' : 'Structures: none');
  for (const structure of structures) {
    lines.push(
      `  ${structure.id} (${structure.owner} ${structure.kind} on ${structure.square})${spells(state, structure.spells)}`,
    );
  }

  const elsewhere = [
    ...Object.values(state.squares)
      .filter((square) => square.spells.length > 0)
      .map(
        (square) =>
          `  square ${square.id}${square.terrain ? ` (${square.terrain})` : ''}${spells(state, square.spells)}`,
      ),
    ...(state.globe.spells.length > 0 ? [`  the globe${spells(state, state.globe.spells)}`] : []),
  ];
  if (elsewhere.length > 0) lines.push('Spells on squares and the globe', ...elsewhere);

  if (state.orderIds.length > 0) {
    lines.push(`Orders of turn ${state.turn}`);
    for (const id of state.orderIds) {
      const order = state.orders[id];
      if (order) lines.push(orderLine(order));
    }
  }
  return lines;
}
