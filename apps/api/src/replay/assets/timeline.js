// @ts-check
// The turn/phase strip under the slider: one band per phase run where they fit, else the runs painted per pixel;
// turn labels only where they do not overlap the one before (with many turns, every so many).
import { h } from './dom.js';
import { phaseName } from './event-list.js';

/** @typedef {import('./types.js').Segment} Segment */

/** Up to this many runs each get a button of their own (and a test id); beyond, they are painted. */
const BUTTONS_UP_TO = 400;
/** Room a turn label needs: its characters, and a gap after it. */
const LABEL_CHAR_PX = 7;
const LABEL_GAP_PX = 10;

const PHASE_COLOURS = /** @type {Record<string, string>} */ ({
  setup: '#8d8d8d',
  start: '#3fa37a',
  orders: '#4a7fd6',
  spellExecution: '#9a5bd6',
  combat: '#d6493f',
  endOfTurn: '#d69a2d',
  garbageCollection: '#8a6d4f',
});

export class Timeline {
  /**
   * @param {HTMLElement} strip
   * @param {(revision: number) => void} select what a click on the strip does
   */
  constructor(strip, select) {
    this.strip = strip;
    this.select = select;
    /** @type {Segment[]} */
    this.segments = [];
    this.count = 0;
    /** @type {HTMLElement[]} */
    this.bands = [];
    this.current = -1;
    this.frame = 0;
    window.addEventListener('resize', () => this.schedule());
  }

  /**
   * The runs of the game and how many events it has (the last run may grow as events arrive).
   * @param {Segment[]} segments
   * @param {number} count
   */
  show(segments, count) {
    this.segments = segments;
    this.count = count;
    this.schedule();
  }

  /**
   * Grows the last run, or starts a new one, for an event that arrived live.
   * @param {{ revision: number; metadata: Record<string, unknown> }} event
   */
  grow(event) {
    if (this.segments.length === 0) return;
    const turn = Number(event.metadata.turn);
    const phase = /** @type {Segment['phase']} */ (event.metadata.phase);
    const last = this.segments[this.segments.length - 1];
    if (event.revision <= last.to) return;
    if (last.turn === turn && last.phase === phase) last.to = event.revision;
    else this.segments.push({ turn, phase, from: event.revision, to: event.revision });
    this.count = event.revision + 1;
    this.schedule();
  }

  schedule() {
    if (this.frame !== 0) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  render() {
    const width = this.strip.clientWidth;
    const max = Math.max(this.count - 1, 1);
    const x = (/** @type {number} */ revision) => (revision / max) * width;
    this.bands = [];
    /** @type {(HTMLElement | HTMLCanvasElement)[]} */
    const parts = [];
    if (this.segments.length <= BUTTONS_UP_TO) {
      for (const [index, segment] of this.segments.entries()) {
        const next = this.segments[index + 1];
        const end = next ? next.from : this.count - 1;
        const label =
          segment.phase === 'setup'
            ? `Set-up, revision ${segment.from}`
            : `Turn ${segment.turn}, ${phaseName(segment.phase)}, revisions ${segment.from}–${segment.to}`;
        // Out of the tab order (there can be hundreds): Page Up / Page Down step through the phases.
        const band = h('button', {
          type: 'button',
          tabindex: -1,
          class: `band phase-${segment.phase}`,
          testid: `marker-t${segment.turn}-${segment.phase}`,
          'data-revision': segment.from,
          title: label,
          'aria-label': label,
        });
        band.style.left = `${(segment.from / max) * 100}%`;
        band.style.width = `${((end - segment.from) / max) * 100}%`;
        this.bands.push(band);
        parts.push(band);
      }
    } else {
      parts.push(this.painted(width, x));
    }
    parts.push(...this.turnLabels(width, x));
    this.strip.replaceChildren(...parts);
    this.strip.dataset.runs = String(this.segments.length);
    this.mark(this.current);
  }

  /**
   * The runs painted column by column: each pixel shows the phase most of its revisions are in.
   * @param {number} width
   * @param {(revision: number) => number} x
   */
  painted(width, x) {
    const canvas = h('canvas', { class: 'bands-painted', testid: 'timeline-painted', 'aria-hidden': 'true' });
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.max(1, Math.round(width * ratio));
    canvas.height = Math.round(12 * ratio);
    const context = canvas.getContext('2d');
    if (context !== null) {
      for (const segment of this.segments) {
        context.fillStyle = PHASE_COLOURS[segment.phase] ?? '#999';
        const left = Math.floor(x(segment.from) * ratio);
        context.fillRect(left, 0, Math.max(1, Math.ceil(x(segment.to + 1) * ratio) - left), canvas.height);
      }
    }
    canvas.addEventListener('click', (event) => {
      const box = canvas.getBoundingClientRect();
      this.select(Math.round(((event.clientX - box.left) / box.width) * (this.count - 1)));
    });
    return canvas;
  }

  /**
   * A label per turn start, skipping those that would overlap the label before: legible at any zoom.
   * @param {number} width
   * @param {(revision: number) => number} x
   */
  turnLabels(width, x) {
    /** @type {HTMLElement[]} */
    const labels = [];
    let free = -Infinity;
    let turn = -1;
    for (const segment of this.segments) {
      if (segment.turn === turn || segment.phase === 'setup') continue;
      turn = segment.turn;
      const left = x(segment.from);
      const text = `T${turn}`;
      const room = text.length * LABEL_CHAR_PX + LABEL_GAP_PX;
      if (left < free || left + room > width + LABEL_GAP_PX) continue;
      free = left + room;
      const mark = h(
        'button',
        {
          type: 'button',
          class: 'turn-mark',
          testid: `marker-turn-${turn}`,
          'data-revision': segment.from,
          title: `Turn ${turn} starts (revision ${segment.from})`,
          'aria-label': `Turn ${turn} starts, revision ${segment.from}`,
        },
        text,
      );
      mark.style.left = `${(left / Math.max(width, 1)) * 100}%`;
      labels.push(mark);
    }
    return labels;
  }

  /**
   * The run a revision is in (binary search; runs are in revision order).
   * @param {number} revision
   */
  indexOf(revision) {
    let low = 0;
    let high = this.segments.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.segments[middle].from <= revision) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /**
   * Highlights the run of the selected revision.
   * @param {number} revision
   */
  mark(revision) {
    this.current = revision;
    if (this.segments.length === 0 || revision < 0) return;
    const index = this.indexOf(revision);
    this.bands.forEach((band, i) => band.classList.toggle('current', i === index));
  }

  /**
   * The first revision of the phase before or after the one of `revision` (Page Up / Page Down); undefined while
   * the runs are not known.
   * @param {number} revision
   * @param {-1 | 1} direction
   */
  phaseStep(revision, direction) {
    if (this.segments.length === 0) return undefined;
    const index = this.indexOf(revision);
    const segment = this.segments[index];
    if (direction < 0) return revision > segment.from ? segment.from : (this.segments[index - 1]?.from ?? 0);
    return this.segments[index + 1]?.from ?? this.count - 1;
  }

  /**
   * The first revision of the turn after `revision`'s.
   * @param {number} revision
   */
  nextTurn(revision) {
    if (this.segments.length === 0) return undefined;
    const index = this.indexOf(revision);
    const turn = this.segments[index].turn;
    for (let i = index + 1; i < this.segments.length; i += 1) {
      if (this.segments[i].turn > turn) return this.segments[i].from;
    }
    return this.count - 1;
  }

  /**
   * The orders phase's execution run of a turn, if the game has reached it: where its orders are released.
   * @param {number} turn
   */
  executionOf(turn) {
    let low = 0;
    let high = this.segments.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.segments[middle].turn < turn) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < this.segments.length && this.segments[i].turn === turn; i += 1) {
      if (this.segments[i].phase === 'spellExecution') return this.segments[i];
    }
    return undefined;
  }
}
