// @ts-check
// Who is ahead (`GET /games/:id/standings`, a read model of the states this viewer may see): a strip under the
// timeline with each side's total HP, living minions or mana over the game (one point per turn's end, placed at its
// revision, so it lines up with the timeline), and in words the standing at the selected turn.
import { h } from './dom.js';

/** @typedef {import('./types.js').Standings} Standings */
/** @typedef {import('./types.js').StandingsPoint} StandingsPoint */
/** @typedef {import('./api-client.js').ApiClient} ApiClient */

const MEASURES = /** @type {const} */ (['hp', 'minions', 'mana']);
/** @typedef {(typeof MEASURES)[number]} Measure */
const MEASURE_WORDS = { hp: 'total HP', minions: 'living minions', mana: 'mana' };
const SVG = 'http://www.w3.org/2000/svg';
/** New events: the standings are read again this long after the last of a burst. */
const REFRESH_MS = 800;

/**
 * @param {string} tag
 * @param {Record<string, string>} attributes
 */
function svg(tag, attributes) {
  const element = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

/** @param {StandingsPoint} point */
function sideWords(point) {
  const side = (/** @type {'red' | 'blue'} */ colour) => {
    const s = point[colour];
    const mana = s.mana === null ? 'mana not shown' : `${s.mana} mana`;
    return `${colour} ${s.minions} minion${s.minions === 1 ? '' : 's'}, ${s.hp} HP, ${mana}`;
  };
  return `${side('red')} · ${side('blue')}`;
}

/**
 * Who leads at a point: more HP in total, then more minions (the turn limit's tie-break).
 * @param {StandingsPoint} point
 */
export function leader(point) {
  for (const measure of /** @type {const} */ (['hp', 'minions'])) {
    if (point.red[measure] !== point.blue[measure]) return point.red[measure] > point.blue[measure] ? 'red' : 'blue';
  }
  return null;
}

export class StandingsStrip {
  /**
   * @param {{ strip: HTMLElement; words: HTMLElement; measures: HTMLElement }} elements
   * @param {ApiClient} api
   */
  constructor(elements, api) {
    this.elements = elements;
    this.api = api;
    /** @type {Standings | null} */
    this.standings = null;
    /** @type {Measure} */
    this.measure = 'hp';
    this.count = 1;
    this.selected = -1;
    this.reading = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    /** @type {((standings: Standings) => void) | null} */
    this.onRead = null;
    /** @type {SVGElement | undefined} the selected revision's mark on the chart */
    this.marker = undefined;
    /** @type {((revision: number) => number) | undefined} where a revision stands along the chart */
    this.markerX = undefined;
    elements.measures.replaceChildren(
      ...MEASURES.map((measure) =>
        h(
          'button',
          {
            type: 'button',
            class: 'measure',
            'data-measure': measure,
            'aria-pressed': String(measure === this.measure),
            testid: `standings-measure-${measure}`,
          },
          MEASURE_WORDS[measure],
        ),
      ),
    );
    elements.measures.addEventListener('click', (event) => {
      const button = /** @type {Element} */ (event.target).closest('button[data-measure]');
      if (!(button instanceof HTMLElement)) return;
      this.measure = /** @type {Measure} */ (button.dataset.measure);
      for (const other of elements.measures.querySelectorAll('button'))
        other.setAttribute('aria-pressed', String(other === button));
      this.draw();
    });
  }

  /** Reads the standings (once at the start, and again as the game grows). */
  async read() {
    if (this.reading) return;
    this.reading = true;
    try {
      this.standings = await this.api.standings();
      this.draw();
      this.words();
      this.onRead?.(this.standings);
    } catch (error) {
      this.elements.words.textContent = `Cannot read who is ahead: ${/** @type {Error} */ (error).message}`;
    } finally {
      this.reading = false;
    }
  }

  /** New events: read again once they rest. */
  grew() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.read(), REFRESH_MS);
  }

  /**
   * @param {number} revision the selected revision
   * @param {number} count the game's events so far
   */
  show(revision, count) {
    this.selected = revision;
    if (count !== this.count) {
      this.count = count;
      this.draw();
    }
    this.moveMarker();
    this.words();
  }

  /** The point of the selected revision: the last turn's end at or before it. */
  pointAtSelection() {
    const points = this.standings?.points ?? [];
    let found = points[0];
    for (const point of points) if (point.revision <= this.selected) found = point;
    return found;
  }

  words() {
    const point = this.pointAtSelection();
    if (point === undefined) return;
    const ahead = leader(point);
    const when =
      point.turn === 0 ? 'after the set-up' : point.now ? `turn ${point.turn}, now` : `end of turn ${point.turn}`;
    const text = `${when}: ${sideWords(point)} — ${ahead === null ? 'level' : `${ahead} is ahead`}`;
    if (this.elements.words.textContent !== text) this.elements.words.textContent = text;
    this.elements.words.dataset.turn = String(point.turn);
    this.elements.words.dataset.leader = ahead ?? 'level';
  }

  /** Both sides' lines of the chosen measure, each point at its revision's place along the timeline. */
  draw() {
    const points = this.standings?.points ?? [];
    const width = 1000;
    const height = 40;
    // A side whose pool this view does not show has no mana line.
    const value = (/** @type {StandingsPoint} */ point, /** @type {'red' | 'blue'} */ colour) =>
      point[colour][this.measure];
    const max = Math.max(1, ...points.flatMap((point) => [value(point, 'red') ?? 0, value(point, 'blue') ?? 0]));
    const x = (/** @type {number} */ revision) => (revision / Math.max(1, this.count - 1)) * width;
    const y = (/** @type {number} */ value) => height - 2 - (value / max) * (height - 4);
    const chart = svg('svg', {
      viewBox: `0 0 ${width} ${height}`,
      preserveAspectRatio: 'none',
      class: 'standings-chart',
      role: 'img',
      'aria-label': `${MEASURE_WORDS[this.measure]} of each side, turn by turn`,
      'data-testid': 'standings-chart',
    });
    for (const colour of /** @type {const} */ (['red', 'blue'])) {
      const line = points.flatMap((point) => {
        const at = value(point, colour);
        return at === null ? [] : [`${x(point.revision).toFixed(1)},${y(at).toFixed(1)}`];
      });
      chart.append(
        svg('polyline', {
          points: line.join(' '),
          class: `standings-line owner-${colour}`,
          'vector-effect': 'non-scaling-stroke',
          'data-testid': `standings-line-${colour}`,
        }),
      );
    }
    this.marker = svg('line', { class: 'standings-marker', y1: '0', y2: String(height), x1: '0', x2: '0' });
    this.markerX = x;
    chart.append(this.marker);
    this.elements.strip.replaceChildren(chart);
    this.elements.strip.dataset.points = String(points.length);
    this.moveMarker();
  }

  moveMarker() {
    if (this.marker === undefined || this.markerX === undefined || this.selected < 0) return;
    const at = this.markerX(this.selected).toFixed(1);
    this.marker.setAttribute('x1', at);
    this.marker.setAttribute('x2', at);
  }
}
