// @ts-check
// Whose view the page shows — the organiser's, red's, blue's or the public one — and, for the organiser, a switch
// to the others (the service answers them with `?as=`, exactly as their own tokens would).
import { h } from './dom.js';
import { switchView } from './page-address.js';

/** @typedef {import('./types.js').ViewName} ViewName */
/** @typedef {import('./types.js').ViewerAnswer} ViewerAnswer */

const LABELS = /** @type {Record<ViewName, string>} */ ({
  organiser: 'organiser’s view: everything',
  red: 'red’s view: red’s orders and hand, blue’s hidden',
  blue: 'blue’s view: blue’s orders and hand, red’s hidden',
  public: 'public view: hidden information is left out',
});

/**
 * @param {HTMLElement} element the header's viewer note
 * @param {ViewerAnswer} viewer what the service says of this token and view
 */
export function showViewer(element, viewer) {
  element.dataset.mode = viewer.view;
  element.replaceChildren(h('span', { testid: 'viewer-label' }, LABELS[viewer.view]));
  if (viewer.views.length < 2) return;
  // Only the organiser may look through the others' eyes: the choice is a select of the views it may ask for.
  const select = h(
    'select',
    { testid: 'view-switch', 'aria-label': 'Show the game as' },
    ...viewer.views.map((view) =>
      h('option', { value: view, selected: view === viewer.view }, view === 'public' ? 'public' : view),
    ),
  );
  select.addEventListener('change', () => {
    const view = /** @type {ViewName} */ (select.value);
    switchView(view === 'organiser' ? undefined : view);
  });
  element.append(' ', h('label', { class: 'view-switch' }, 'show as ', select));
}
