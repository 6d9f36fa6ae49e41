// @ts-check
// The board as a picture: squares whose ids are grid ids — a column letter and a row number, `A1`…`H8` [A] — are
// laid out where their ids say, columns left to right and rows top to bottom, with the empty squares between them
// drawn as empty cells. A set-up whose squares are not all grid ids (or would make a grid too large to be a board)
// keeps the list.
import { h } from './dom.js';

/** A grid id: one column letter, a row number from 1 to 99. */
const GRID_ID = /^([A-Z])([1-9][0-9]?)$/;
/** Cells a picture may have: beyond, the squares are far apart and the list reads better. */
const MOST_CELLS = 256;

/**
 * @typedef {{ columns: string[]; rows: number[]; place: (id: string) => { column: number; row: number } }} SquareGrid
 */

/**
 * The grid the squares make, or null when they make none (an id that is not a grid id, no square, too many cells).
 * @param {string[]} ids
 * @returns {SquareGrid | null}
 */
export function squareGrid(ids) {
  if (ids.length === 0) return null;
  /** @type {Map<string, { column: number; row: number }>} */
  const cells = new Map();
  for (const id of ids) {
    const match = GRID_ID.exec(id);
    if (match === null) return null;
    cells.set(id, { column: match[1].charCodeAt(0) - 65, row: Number(match[2]) });
  }
  const all = [...cells.values()];
  const firstColumn = Math.min(...all.map((cell) => cell.column));
  const lastColumn = Math.max(...all.map((cell) => cell.column));
  const firstRow = Math.min(...all.map((cell) => cell.row));
  const lastRow = Math.max(...all.map((cell) => cell.row));
  const columns = [];
  for (let column = firstColumn; column <= lastColumn; column += 1) columns.push(String.fromCharCode(65 + column));
  const rows = [];
  for (let row = firstRow; row <= lastRow; row += 1) rows.push(row);
  if (columns.length * rows.length > MOST_CELLS) return null;
  return {
    columns,
    rows,
    place: (id) => {
      const match = GRID_ID.exec(id);
      if (match === null) return { column: 0, row: 0 };
      return { column: match[1].charCodeAt(0) - 65 - firstColumn, row: Number(match[2]) - firstRow };
    },
  };
}

/**
 * Places an element in the picture's grid: the first grid row and column hold the labels.
 * @param {HTMLElement} element
 * @param {number} column 0-based
 * @param {number} row 0-based
 */
export function placeInGrid(element, column, row) {
  const gridColumn = String(column + 2);
  const gridRow = String(row + 2);
  if (element.style.gridColumn !== gridColumn) element.style.gridColumn = gridColumn;
  if (element.style.gridRow !== gridRow) element.style.gridRow = gridRow;
}

/**
 * The labels along the picture's edges: the column letters on top, the row numbers on the left.
 * @param {SquareGrid} grid
 * @returns {HTMLElement[]}
 */
export function gridLabels(grid) {
  const labels = [];
  for (const [i, column] of grid.columns.entries()) {
    const label = h('span', { class: 'grid-label column-label', 'aria-hidden': 'true' }, column);
    label.style.gridColumn = String(i + 2);
    label.style.gridRow = '1';
    labels.push(label);
  }
  for (const [i, row] of grid.rows.entries()) {
    const label = h('span', { class: 'grid-label row-label', 'aria-hidden': 'true' }, String(row));
    label.style.gridColumn = '1';
    label.style.gridRow = String(i + 2);
    labels.push(label);
  }
  return labels;
}
