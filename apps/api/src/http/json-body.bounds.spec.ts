import { type JsonBodyBounds, jsonTextBoundsProblem } from './json-body.bounds';

const BOUNDS: JsonBodyBounds = { depth: 3, keysPerObject: 2, entriesPerList: 3, values: 10 };
const problem = (text: string) => jsonTextBoundsProblem(text, BOUNDS);

describe('jsonTextBoundsProblem: the bounds of a body, read off its text', () => {
  it('accepts a body at every bound', () => {
    expect(problem('{"a": [1, 2, 3], "b": {"c": [ ]}}')).toBeNull();
    expect(problem('{}')).toBeNull();
    expect(problem('"text"')).toBeNull();
  });

  it('names the object with one field too many, by its path', () => {
    expect(problem('{"a": 1, "b": 2, "c": 3}')).toBe(
      '(request) has more than the 2 fields an object of this request may have',
    );
    expect(problem('{"a": [0, {"x": 1, "y": 2, "z": 3}]}')).toBe(
      'a[1] has more than the 2 fields an object of this request may have',
    );
  });

  it('names the list with one entry too many', () => {
    expect(problem('{"deck": ["a", "b", "c", "d"]}')).toBe(
      'deck has more than the 3 entries a list of this request may have',
    );
  });

  it('names the first container nested too deep', () => {
    expect(problem('{"a": {"b": {"c": 1}}}')).toBeNull();
    expect(problem('{"a": {"b": {"c": {}}}}')).toBe('a.b.c nests deeper than 3 levels');
    expect(problem('[[[[]]]]')).toBe('[0][0][0] nests deeper than 3 levels');
  });

  it('counts the values of the whole body', () => {
    expect(problem('{"a": [1, 2, 3], "b": [4, 5, 6], "c": 7}')).toBe(
      '(request) has more than the 2 fields an object of this request may have',
    );
    expect(problem('[[1, 2, 3], [4, 5, 6], [7, 8]]')).toBe(
      '(request) holds more than the 10 values this request may have',
    );
  });

  it('reads brackets, commas and quotes inside strings as text, and keys with escapes whole', () => {
    expect(problem('{"a": "[[[[,,,,{{{{", "b": "\\"]}"}')).toBeNull();
    expect(problem('{"k\\"e,y": {"x": 1, "y": 2, "z": 3}}')).toBe(
      'k"e,y has more than the 2 fields an object of this request may have',
    );
  });
});
