// @ts-check
// The board at the selected revision, from `GET /games/:id/state?at=` as this viewer may see it: players, the
// turn's orders, squares with their structures and groups, minions with HP and armor bars and status, active spells.
// Squares with grid ids (`A1`…) are drawn as a picture of the board (board-grid.js); others as a list.
import { h, placeChildren } from './dom.js';
import { gridLabels, placeInGrid, squareGrid } from './board-grid.js';
import { KeptElements } from './kept-elements.js';

/** @typedef {import('./types.js').ShownState} ShownState */
/** @typedef {import('./types.js').ShownPlayer} ShownPlayer */
/** @typedef {import('@app/rules').Minion} Minion */
/** @typedef {import('@app/rules').Group} Group */
/** @typedef {import('@app/rules').Structure} Structure */
/** @typedef {import('@app/rules').Order} Order */
/** @typedef {import('@app/rules').EntityRef} EntityRef */

const PLAYERS = /** @type {const} */ (['red', 'blue', 'neutral']);

/**
 * `b-archer`, `group G1`, `the globe`.
 * @param {EntityRef | Record<string, unknown> | null | undefined} target
 */
export function describeTarget(target) {
  if (target === null || typeof target !== 'object') return String(target);
  if ('globe' in target) return 'the globe';
  const [kind, id] = Object.entries(target)[0] ?? ['?', '?'];
  return kind === 'minion' ? String(id) : `${kind} ${String(id)}`;
}

/** @param {Partial<Record<string, number>> | undefined} mana */
function describeMana(mana) {
  const parts = Object.entries(mana ?? {})
    .filter(([, amount]) => amount !== 0)
    .map(([kind, amount]) => `${kind} ${amount}`);
  return parts.length === 0 ? 'none' : parts.join(' · ');
}

/** @param {number} count */
const cards = (count) => `${count} card${count === 1 ? '' : 's'}`;

/**
 * The other side's hand comes as a count only (`handSize`): its cards are not this viewer's to see.
 * @param {ShownPlayer} player
 */
function describeHand(player) {
  if (player.hand.length) return player.hand.join(', ');
  return player.handSize ? `${cards(player.handSize)}, hidden` : 'empty';
}

/** @param {ShownPlayer | undefined} player */
function hasAnything(player) {
  return player !== undefined && (player.graveyard.length || player.hand.length || player.activeSpells.length) > 0;
}

/**
 * What a list of spell chips shows: each active spell with its name (a chip changes when one of them does).
 * @param {ShownState} state
 * @param {string[] | undefined} ids
 */
function spellsShown(state, ids) {
  return (ids ?? []).map((id) => {
    const active = state.activeSpells[id];
    return [id, active ?? null, active ? (state.spells?.[active.spell]?.name ?? null) : null];
  });
}

/** `s2` before `s10`. One collator for every comparison: `localeCompare` with options makes one per call. */
const byId = new Intl.Collator('en', { numeric: true }).compare;

export class Board {
  /**
   * @param {HTMLElement} board
   * @param {HTMLElement} when where the board says which revision it shows
   */
  constructor(board, when) {
    this.board = board;
    this.when = when;
    this.kept = new KeptElements();
  }

  /** The board is being fetched for another revision: it shows the old one dimmed. */
  waiting() {
    this.board.setAttribute('aria-busy', 'true');
    this.board.classList.add('stale');
  }

  /**
   * @param {number} revision
   * @param {Error} error
   */
  failed(revision, error) {
    this.board.removeAttribute('aria-busy');
    this.board.replaceChildren(
      h('p', { class: 'error', role: 'alert' }, `Cannot load the state at revision ${revision}: ${error.message}`),
    );
  }

  /**
   * Draws the state after a revision. Every part of the board is kept from the draw before while what it shows is
   * the same (see KeptElements): a step redraws the cards, squares and lines that changed, not the board.
   * @param {number} revision
   * @param {ShownState} state
   * @param {string} whenText the selected event's turn and phase
   */
  show(revision, state, whenText) {
    const kept = this.kept;
    /**
     * An element kept under `key` whose children are placed at every draw.
     * @param {string} key
     * @param {keyof HTMLElementTagNameMap} tag
     * @param {Record<string, string>} props
     * @param {Node[]} children
     */
    const container = (key, tag, props, children) => {
      const element = kept.element(key, JSON.stringify(props), () => h(tag, props));
      placeChildren(element, children);
      return element;
    };
    /** @type {Set<string>} */
    const shown = new Set();
    /**
     * A minion's card where it is listed (a group, a graveyard, elsewhere).
     * @param {string} place
     * @param {string} minionId
     */
    const card = (place, minionId) => {
      const minion = state.minions[minionId];
      if (!minion) return kept.element(`gone:${place}:${minionId}`, '', () => h('li', { class: 'gone' }, minionId));
      shown.add(minionId);
      return kept.element(
        `card:${place}:${minionId}`,
        JSON.stringify([minion, spellsShown(state, minion.spells)]),
        () => h('li', {}, this.minionCard(state, minion)),
      );
    };

    /** @type {Map<string, { structures: Structure[]; groups: Group[] }>} */
    const squares = new Map();
    const squareOf = (/** @type {string} */ id) => {
      let square = squares.get(id);
      if (square === undefined) squares.set(id, (square = { structures: [], groups: [] }));
      return square;
    };
    for (const id of Object.keys(state.squares ?? {})) squareOf(id);
    for (const structure of Object.values(state.structures ?? {}))
      squareOf(structure.square).structures.push(structure);
    for (const group of Object.values(state.groups ?? {})) squareOf(group.square).groups.push(group);

    const grid = squareGrid([...squares.keys()]);
    const squareSections = [...squares.keys()].sort(byId).map((squareId) => {
      const { structures, groups } = /** @type {{ structures: Structure[]; groups: Group[] }} */ (
        squares.get(squareId)
      );
      const square = state.squares?.[squareId];
      groups.sort((a, b) => PLAYERS.indexOf(a.owner) - PLAYERS.indexOf(b.owner) || byId(a.id, b.id));
      const head = kept.get(
        `square-head:${squareId}`,
        JSON.stringify([square?.terrain ?? null, spellsShown(state, square?.spells)]),
        () => [
          h('h3', {}, squareId, square?.terrain ? h('small', {}, ` ${square.terrain}`) : null),
          this.spellChips(state, square?.spells),
        ],
      );
      const structureLines = structures.map((structure) =>
        kept.element(
          `structure:${structure.id}`,
          JSON.stringify([structure, spellsShown(state, structure.spells)]),
          () =>
            h(
              'div',
              {
                class: `structure owner-${structure.owner}`,
                testid: `structure-${structure.id}`,
                'data-entity': structure.id,
              },
              h('span', { class: 'name' }, `⌂ ${structure.kind}`),
              h('small', {}, ` ${structure.id} · ${structure.owner}`),
              this.spellChips(state, structure.spells),
            ),
        ),
      );
      const groupSections = groups.map((group) =>
        container(
          `group:${group.id}`,
          'section',
          {
            class: `group owner-${group.owner}`,
            testid: `group-${group.id}`,
            'data-entity': group.id,
            'aria-label': `group ${group.id}`,
          },
          [
            ...kept.get(
              `group-head:${group.id}`,
              JSON.stringify([group.kind, group.owner, group.heldBy ?? null, spellsShown(state, group.spells)]),
              () => [
                // A group inside a spell stands on no square: it is shown under the square it left, marked so.
                h(
                  'h4',
                  {},
                  group.id,
                  h('small', {}, ` ${group.kind} · ${group.owner}${group.heldBy ? ` · inside ${group.heldBy}` : ''}`),
                ),
                this.spellChips(state, group.spells),
              ],
            ),
            container(
              `group-minions:${group.id}`,
              'ul',
              { class: 'minions' },
              group.minionIds.map((id) => card(`group ${group.id}`, id)),
            ),
          ],
        ),
      );
      const section = container(
        `square:${squareId}`,
        'section',
        { class: 'square', testid: `square-${squareId}`, 'data-entity': squareId, 'aria-label': `square ${squareId}` },
        [...head, ...structureLines, ...groupSections],
      );
      if (grid !== null) {
        const { column, row } = grid.place(squareId);
        placeInGrid(section, column, row);
      }
      return section;
    });
    // The picture's empty squares and its edge labels (kept like the rest: a step does not redraw them).
    const gridParts = [];
    if (grid !== null) {
      const shape = `${grid.columns.join('')}/${grid.rows.join(',')}`;
      gridParts.push(...kept.get(`grid-labels:${shape}`, '', () => gridLabels(grid)));
      for (const column of grid.columns) {
        for (const row of grid.rows) {
          const id = `${column}${row}`;
          if (squares.has(id)) continue;
          const cell = kept.element(`empty-square:${id}`, shape, () =>
            h('div', { class: 'square empty', testid: `square-${id}`, 'aria-hidden': 'true' }, h('small', {}, id)),
          );
          const place = grid.place(id);
          placeInGrid(cell, place.column, place.row);
          gridParts.push(cell);
        }
      }
    }

    const playerSections = PLAYERS.filter((colour) => colour !== 'neutral' || hasAnything(state.players?.neutral)).map(
      (colour) => {
        const player = state.players[colour];
        const graveyard = player.graveyard.length
          ? [
              container(
                `graveyard:${colour}`,
                'ul',
                { class: 'minions graveyard' },
                player.graveyard.map((id) => card(`graveyard ${colour}`, id)),
              ),
            ]
          : kept.get(`graveyard-empty:${colour}`, '', () => document.createTextNode('empty'));
        // The other side's pool is not this viewer's to see (only what it generates, in the events).
        const mana = player.mana === undefined ? 'mana not shown' : describeMana(player.mana);
        const facts = [mana, describeHand(player), cards(player.deckSize ?? player.deck.length)];
        return container(
          `player:${colour}`,
          'section',
          { class: `player owner-${colour}`, testid: `player-${colour}`, 'aria-label': `${colour} player` },
          [
            kept.element(
              `player-head:${colour}`,
              JSON.stringify([player.house ?? null, state.initiative === colour, Boolean(player.confirmed)]),
              () =>
                h(
                  'h3',
                  {},
                  colour,
                  player.house ? h('small', {}, ` ${player.house}`) : null,
                  state.initiative === colour
                    ? h('span', { class: 'tag', title: 'has the initiative' }, 'initiative')
                    : null,
                  player.confirmed ? h('span', { class: 'tag', title: 'orders confirmed' }, 'confirmed') : null,
                ),
            ),
            container(`player-facts:${colour}`, 'dl', {}, [
              ...kept.get(`player-lines:${colour}`, JSON.stringify(facts), () => [
                h('dt', {}, 'mana'),
                h('dd', { testid: `player-${colour}-mana` }, facts[0]),
                h('dt', {}, 'hand'),
                h('dd', { testid: `player-${colour}-hand` }, facts[1]),
                h('dt', {}, 'deck'),
                h('dd', {}, facts[2]),
                h('dt', {}, 'graveyard'),
              ]),
              container(`player-graveyard:${colour}`, 'dd', { testid: `player-${colour}-graveyard` }, graveyard),
            ]),
          ],
        );
      },
    );

    /** @type {Order[]} */
    const orders = [];
    for (const id of state.orderIds ?? []) {
      const order = state.orders[id];
      if (order) orders.push(order);
    }
    const globeSpells = state.globe?.spells ?? [];
    const elsewhere = Object.keys(state.minions).filter((id) => !shown.has(id));
    const sections = [
      container('players', 'div', { class: 'players' }, playerSections),
      orders.length
        ? container('orders', 'section', { class: 'orders', 'aria-label': 'orders this turn' }, [
            kept.element('orders-head', '', () => h('h3', {}, 'orders this turn')),
            container(
              'orders-list',
              'ul',
              {},
              orders.map((order) =>
                kept.element(`order:${order.id}`, JSON.stringify(order), () => this.orderItem(order)),
              ),
            ),
          ])
        : null,
      grid === null
        ? container('squares', 'div', { class: 'squares', testid: 'board-list' }, squareSections)
        : this.picture(
            container('squares-grid', 'div', { class: 'squares grid', testid: 'board-grid' }, [
              ...gridParts,
              ...squareSections,
            ]),
            grid.columns.length,
          ),
      globeSpells.length
        ? kept.element('globe', JSON.stringify(spellsShown(state, globeSpells)), () =>
            h('section', { class: 'globe' }, h('h3', {}, 'globe'), this.spellChips(state, globeSpells)),
          )
        : null,
      elsewhere.length
        ? container('elsewhere', 'section', { class: 'elsewhere' }, [
            kept.element('elsewhere-head', '', () => h('h3', {}, 'not in a group')),
            container(
              'elsewhere-minions',
              'ul',
              { class: 'minions' },
              elsewhere.map((id) => card('elsewhere', id)),
            ),
          ])
        : null,
    ];
    /** @type {HTMLElement[]} */
    const present = [];
    for (const section of sections) if (section !== null) present.push(section);
    placeChildren(this.board, present);
    kept.settle();
    this.when.textContent = `after revision ${revision} · ${whenText}`;
    this.board.dataset.revision = String(revision);
    this.board.classList.remove('stale');
    this.board.removeAttribute('aria-busy');
  }

  /**
   * The picture's columns: one narrow for the row labels, then one per board column.
   * @param {HTMLElement} element
   * @param {number} columns
   */
  picture(element, columns) {
    const template = `auto repeat(${columns}, auto)`;
    if (element.style.gridTemplateColumns !== template) element.style.gridTemplateColumns = template;
    return element;
  }

  /**
   * Marks on the board what the selected event names (its minion, group, spell…).
   * @param {unknown} data the selected event's data (nothing for a GameCreated, which names everything)
   */
  highlight(data) {
    /** @type {Set<string>} */
    const named = new Set();
    const collect = (/** @type {unknown} */ value) => {
      if (typeof value === 'string') named.add(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    collect(data);
    for (const element of this.board.querySelectorAll('[data-entity]')) {
      if (element instanceof HTMLElement)
        element.classList.toggle('touched', named.has(String(element.dataset.entity)));
    }
  }

  /**
   * @param {ShownState} state
   * @param {string[] | undefined} ids
   */
  spellChips(state, ids) {
    if (!ids || ids.length === 0) return null;
    return h(
      'ul',
      { class: 'spells', 'aria-label': 'active spells' },
      ids.map((id) => {
        const active = state.activeSpells[id];
        if (!active) return h('li', { class: 'spell' }, id);
        const name = state.spells?.[active.spell]?.name ?? active.spell;
        const expiry = active.expiresAtTurn ? `, expires at turn ${active.expiresAtTurn}` : '';
        return h(
          'li',
          {
            class: `spell owner-${active.owner}${active.visible ? '' : ' hidden-spell'}`,
            testid: `active-spell-${id}`,
            'data-entity': id,
            title: `${name} (${id}), ${active.owner}${active.visible ? '' : ', not visible'}${expiry}`,
          },
          '✦ ',
          name,
          h('small', {}, ` ${id}`),
          active.visible ? null : h('small', { class: 'tag' }, ' hidden'),
        );
      }),
    );
  }

  /**
   * @param {ShownState} state
   * @param {Minion} minion
   */
  minionCard(state, minion) {
    const id = minion.id;
    const hpBar = h('meter', {
      testid: `minion-${id}-hp-bar`,
      min: 0,
      max: Math.max(minion.maxHp, 1),
      low: minion.maxHp / 3 + 0.01,
      high: (minion.maxHp * 2) / 3,
      optimum: minion.maxHp,
      value: minion.hp,
      'aria-label': `${id} HP`,
    });
    const armorBar =
      minion.maxArmor > 0
        ? h('meter', {
            class: 'armor-bar',
            testid: `minion-${id}-armor-bar`,
            min: 0,
            max: minion.maxArmor,
            value: minion.armor,
            'aria-label': `${id} armor`,
          })
        : null;
    return h(
      'article',
      {
        class: `minion owner-${minion.owner} status-${minion.status}`,
        testid: `minion-${id}`,
        'data-entity': id,
        'aria-label': `${id}: ${minion.hp} of ${minion.maxHp} HP, armor ${minion.armor}, ${minion.status}`,
      },
      h(
        'header',
        {},
        h(
          'button',
          { type: 'button', class: 'name link', 'data-minion': id, title: `${id}: its story, and why it died` },
          id,
        ),
        h('span', { class: 'kind' }, [minion.class, minion.kind].filter(Boolean).join(' ')),
        h('span', { class: `status status-${minion.status}`, testid: `minion-${id}-status` }, minion.status),
      ),
      h(
        'div',
        { class: 'stats' },
        hpBar,
        h(
          'span',
          { class: 'hp-text' },
          h('span', { testid: `minion-${id}-hp` }, String(minion.hp)),
          '/',
          h('span', { testid: `minion-${id}-max-hp` }, String(minion.maxHp)),
          ' HP',
        ),
        h(
          'span',
          { class: 'armor', title: 'armor / max armor' },
          'armor ',
          h('span', { testid: `minion-${id}-armor` }, String(minion.armor)),
          `/${minion.maxArmor}`,
        ),
        armorBar,
      ),
      this.spellChips(state, minion.spells),
    );
  }

  /** @param {Order} order */
  orderItem(order) {
    const text =
      order.kind === 'cast'
        ? `${order.player} casts ${order.spell} → ${describeTarget(order.target)}`
        : order.kind === 'attack'
          ? `${order.player}: ${order.attackerId} attacks ${order.victimId}`
          : `${order.player} discards ${order.spell}`;
    const outcome = 'outcome' in order ? order.outcome : null;
    return h(
      'li',
      { class: `owner-${order.player}` },
      h('small', {}, `${order.id} `),
      text,
      outcome ? h('span', { class: 'tag' }, outcome) : null,
    );
  }
}
