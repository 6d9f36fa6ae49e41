/**
 * A fork's copied events carry where they come from: `forkedFrom` (the origin game) and `forkedAt` (the origin's
 * revision the copy ends at) in the metadata of every copied event, and of no later one.
 */
export interface ForkProvenance {
  forkedFrom: string;
  forkedAt: number;
}

/** The provenance a game's first event declares (null for a game that is not a fork). */
export function forkProvenanceOf(metadata: Record<string, unknown>): ForkProvenance | null {
  const { forkedFrom, forkedAt } = metadata;
  if (typeof forkedFrom !== 'string' || typeof forkedAt !== 'number') return null;
  return { forkedFrom, forkedAt };
}

/** The provenance fields the event at `revision` carries: those of the fork for a copied event, else none. */
export function provenanceAt(provenance: ForkProvenance | null, revision: number): Partial<ForkProvenance> {
  return provenance !== null && revision <= provenance.forkedAt ? provenance : {};
}
