import type { EntityRef } from './game-state';
import { onlyKey } from './one-key';
import type { TargetKind } from './spell-definition';

export function refKind(ref: EntityRef): TargetKind {
  return onlyKey(ref) as TargetKind;
}

export function refId(ref: EntityRef): string {
  if ('globe' in ref) return 'globe';
  return (ref as Record<string, string>)[onlyKey(ref) as string];
}

export function sameRef(a: EntityRef, b: EntityRef): boolean {
  return refKind(a) === refKind(b) && refId(a) === refId(b);
}

export function describeRef(ref: EntityRef): string {
  return 'globe' in ref ? 'the globe' : `${refKind(ref)} ${refId(ref)}`;
}
