// @ts-check
// The few DOM helpers every module of the page uses.

/**
 * A new element: `h('li', {class: 'x', testid: 'y', title: 'z'}, child, 'text', …)`. Attributes that are
 * undefined, null or false are left out; true gives an empty attribute.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number | boolean | null | undefined>} [props]
 * @param {...(Node | string | null | undefined | false | (Node | string | null | undefined | false)[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') element.className = String(value);
    else if (key === 'testid') element.dataset.testid = String(value);
    else element.setAttribute(key, value === true ? '' : String(value));
  }
  /** @type {(Node | string)[]} */
  const kept = [];
  for (const child of children.flat()) if (child !== undefined && child !== null && child !== false) kept.push(child);
  element.append(...kept);
  return element;
}

/**
 * The element of a `data-testid`, which the page's markup must have.
 * @template {HTMLElement} [E=HTMLElement]
 * @param {string} id
 * @returns {E}
 */
export function byTestId(id) {
  const element = document.querySelector(`[data-testid="${id}"]`);
  if (element === null) throw new Error(`the page has no [data-testid="${id}"]`);
  return /** @type {E} */ (element);
}

/**
 * `n thing` or `n things`.
 * @param {number} count
 * @param {string} noun
 */
export function plural(count, noun) {
  return `${grouped(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * `1,000,000`: a whole number's digits in threes, as `toLocaleString('en')` writes it, without the locale data
 * that call loads the first time (on the page's way to its first board).
 * @param {number} count
 */
export function grouped(count) {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Makes `parent`'s children exactly `children`, in that order, moving only those out of place: nodes already
 * where they belong are not touched, so the browser restyles and lays out only what moved or is new.
 * @param {Element} parent
 * @param {Node[]} children
 */
export function placeChildren(parent, children) {
  let at = parent.firstChild;
  for (const child of children) {
    if (child === at) at = at.nextSibling;
    else parent.insertBefore(child, at);
  }
  while (at !== null) {
    const next = at.nextSibling;
    at.remove();
    at = next;
  }
}
