/**
 * Waits until `reached()`, for as long as `count()` keeps growing: it fails once the count has not grown for
 * `stallMs`, saying where it stood. What a catch-up test must catch is a stream that stalls, which never ends; one on a
 * busy machine is only slow, and a fixed deadline would fail it.
 */
export async function waitWhileGrowing(
  count: () => number,
  reached: () => boolean,
  label: string,
  stallMs = 20_000,
): Promise<void> {
  let last = count();
  let lastGrew = Date.now();
  while (!reached()) {
    if (Date.now() - lastGrew > stallMs) throw new Error(`${label}: stalled at ${last}, nothing new for ${stallMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const now = count();
    if (now > last) lastGrew = Date.now();
    last = now;
  }
}
