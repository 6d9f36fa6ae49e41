// @ts-check
// A minion's story (`GET /games/:id/why?minion=ID`, the game as this viewer sees it): clicking a minion on the
// board shows what happened to it — its creation, the blows it dealt and took, heals, spells on it, its death —
// and why it died, the chain from what a player did to its death; every line selects its revision.
import { h } from './dom.js';

/** @typedef {import('./types.js').MinionStory} MinionStory */
/** @typedef {import('./api-client.js').ApiClient} ApiClient */

/**
 * @param {{ revision: number; turn: number; sentence: string; type: string }} entry
 * @param {string} testid
 */
function entryItem(entry, testid) {
  return h(
    'li',
    {},
    h(
      'button',
      { type: 'button', class: 'link', 'data-revision': entry.revision, testid: `${testid}-${entry.revision}` },
      h('span', { class: 'rev' }, String(entry.revision)),
      ' ',
      h('span', { class: 'summary' }, entry.sentence),
    ),
    h('small', { class: 'when' }, ` turn ${entry.turn}`),
  );
}

/**
 * @param {...(HTMLElement | null)} parts
 * @returns {HTMLElement[]}
 */
function present(...parts) {
  /** @type {HTMLElement[]} */
  const kept = [];
  for (const part of parts) if (part !== null) kept.push(part);
  return kept;
}

export class MinionStoryPanel {
  /**
   * @param {{ panel: HTMLElement; title: HTMLElement; body: HTMLElement; close: HTMLButtonElement }} elements
   * @param {ApiClient} api
   */
  constructor(elements, api) {
    this.elements = elements;
    this.api = api;
    this.showing = '';
    elements.close.addEventListener('click', () => {
      this.showing = '';
      elements.panel.hidden = true;
    });
  }

  /** @param {string} minionId */
  async open(minionId) {
    const { panel, title, body } = this.elements;
    this.showing = minionId;
    panel.hidden = false;
    panel.dataset.minion = minionId;
    panel.dataset.state = 'reading';
    title.textContent = minionId;
    body.replaceChildren(h('p', { class: 'hint' }, 'reading its story…'));
    panel.scrollIntoView({ block: 'nearest' });
    try {
      const story = await this.api.story(minionId);
      if (this.showing !== minionId) return;
      this.render(story);
    } catch (error) {
      if (this.showing !== minionId) return;
      body.replaceChildren(
        h('p', { class: 'error' }, `Cannot read its story: ${/** @type {Error} */ (error).message}`),
      );
    }
    panel.dataset.state = 'shown';
  }

  /** @param {MinionStory} story */
  render(story) {
    const { title, body } = this.elements;
    title.textContent = story.owner === null ? story.minionId : `${story.minionId} (${story.owner})`;
    const died = story.died;
    body.replaceChildren(
      ...present(
        h('p', { class: 'story-summary', testid: 'story-summary' }, story.summary),
        died === null
          ? null
          : h(
              'section',
              { class: 'story-death', testid: 'story-death' },
              h('h4', {}, 'Why it died'),
              h(
                'ol',
                { class: 'chain' },
                died.because.map((link) => entryItem(link, 'story-cause')),
              ),
            ),
        h('h4', {}, 'Its story'),
        h(
          'ol',
          { class: 'story-entries', testid: 'story-entries' },
          story.entries.map((entry) => entryItem(entry, 'story-entry')),
        ),
        story.next === null ? null : h('p', { class: 'hint' }, `…and more from revision ${story.next}`),
      ),
    );
  }
}
