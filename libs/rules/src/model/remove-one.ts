/** Takes the first copy of `value` out of `list`, in place (a card from a hand, an id from a list of ids). */
export function removeOne<T>(list: T[], value: T): void {
  const at = list.indexOf(value);
  if (at !== -1) list.splice(at, 1);
}
