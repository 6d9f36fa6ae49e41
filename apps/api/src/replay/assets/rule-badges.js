// @ts-check
// Rule badges: every rule id the page shows carries what the rule says (from the service's rules reference,
// `/rules`), as its tooltip, and in the selected event's details as a sentence with a link to the rule's page.
import { h } from './dom.js';

/** @typedef {import('./types.js').RuleEntry} RuleEntry */
/** @typedef {import('./api-client.js').ApiClient} ApiClient */

export class RuleBadges {
  /** @param {ApiClient} api */
  constructor(api) {
    /** @type {Map<string, RuleEntry>} */
    this.rules = new Map();
    /** @type {Promise<void>} */
    this.loaded = api.rules().then(
      ({ rules }) => {
        for (const rule of rules) this.rules.set(rule.id, rule);
        // Badges drawn before the reference arrived get their words now.
        for (const badge of document.querySelectorAll('.code.rule[data-rule]')) {
          if (badge instanceof HTMLElement) badge.title = this.title(String(badge.dataset.rule));
        }
      },
      () => undefined,
    );
  }

  /** @param {string} id */
  title(id) {
    const rule = this.rules.get(id);
    return rule === undefined ? `rule ${id}` : `${id} ${rule.title}: ${rule.statement}`;
  }

  /**
   * A rule id as a badge, its statement as the tooltip.
   * @param {string} id
   */
  badge(id) {
    return h('span', { class: 'code rule', 'data-rule': id, title: this.title(id) }, id);
  }

  /**
   * A rule id as a link to its page of the reference, with what it says and where it comes from.
   * @param {string} id
   */
  explained(id) {
    const rule = this.rules.get(id);
    const link = h(
      'a',
      {
        class: 'code rule',
        'data-rule': id,
        title: this.title(id),
        href: `/rules/${encodeURIComponent(id)}`,
        target: '_blank',
        rel: 'noopener',
      },
      id,
    );
    if (rule === undefined) return h('span', { testid: 'rule-text' }, link);
    const from = rule.sources.map((source) => source.page).join('; ');
    return h(
      'span',
      { testid: 'rule-text' },
      link,
      ' ',
      h('strong', {}, rule.title),
      ': ',
      rule.statement,
      h('small', { class: 'rule-source' }, ` (from ${from})`),
    );
  }
}
