// @ts-check
// A judge's notes (`GET /games/:id/notes`): those this view may read — the organiser all, a player those for it or
// for everybody, the public those for everybody — listed by revision; the notes on the selected revision shown
// with the selected event. The organiser writes a note on the selected revision, saying who may read it.
import { h } from './dom.js';

/** @typedef {import('./types.js').Note} Note */
/** @typedef {import('./api-client.js').ApiClient} ApiClient */

export class NotesPanel {
  /**
   * @param {{ here: HTMLElement; list: HTMLElement; form: HTMLFormElement; status: HTMLElement }} elements
   * @param {ApiClient} api
   * @param {() => number} selected the selected revision
   */
  constructor(elements, api, selected) {
    this.elements = elements;
    this.api = api;
    this.selected = selected;
    /** @type {Note[]} */
    this.notes = [];
    elements.form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.write();
    });
  }

  /**
   * Reads the notes; the form is the organiser's.
   * @param {boolean} organiser
   */
  async start(organiser) {
    this.elements.form.hidden = !organiser;
    await this.read();
  }

  async read() {
    try {
      this.notes = (await this.api.notes()).notes;
      this.render();
      this.show(this.selected());
    } catch (error) {
      this.elements.status.textContent = `Cannot read the notes: ${/** @type {Error} */ (error).message}`;
    }
  }

  render() {
    const { list } = this.elements;
    if (this.notes.length === 0) {
      list.replaceChildren(h('li', { class: 'empty' }, 'none this view may read'));
      return;
    }
    list.replaceChildren(
      ...this.notes.map((note) =>
        h(
          'li',
          { testid: `note-${note.revision}` },
          h(
            'button',
            { type: 'button', class: 'link', 'data-revision': note.revision },
            h('span', { class: 'rev' }, String(note.revision)),
          ),
          ' ',
          h('span', { class: 'note-text' }, note.text),
          note.visibleTo === undefined
            ? null
            : h(
                'small',
                { class: 'tag' },
                note.visibleTo.length === 0 ? 'organiser only' : `for ${note.visibleTo.join(', ')}`,
              ),
        ),
      ),
    );
  }

  /** @param {number} revision the selected revision: its notes beside the selected event */
  show(revision) {
    const here = this.notes.filter((note) => note.revision === revision);
    const { here: element } = this.elements;
    element.hidden = here.length === 0;
    element.replaceChildren(
      ...here.map((note) =>
        h('p', { class: 'note', testid: 'note-here' }, h('strong', {}, 'Judge’s note: '), note.text),
      ),
    );
  }

  async write() {
    const { form, status } = this.elements;
    const data = new FormData(form);
    const text = String(data.get('text') ?? '');
    const visibleTo = data.getAll('visibleTo').map(String);
    const revision = this.selected();
    try {
      await this.api.addNote({ revision, text, visibleTo });
      form.reset();
      status.textContent = `note written on revision ${revision}`;
      await this.read();
    } catch (error) {
      status.textContent = `Not written: ${/** @type {Error} */ (error).message}`;
    }
  }
}
