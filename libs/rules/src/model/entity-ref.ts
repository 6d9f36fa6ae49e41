import type { EntityRef } from './game-state';
import { onlyKey } from './one-key';
import type { TargetKind } from './spell-definition';

export function refKind(ref: EntityRef): TargetKind {
  return onlyKey(ref) as TargetKind;
}

export function refId(ref: EntityRef): string {
  if ('minion' in ref) return ref.minion;
  if ('group' in ref) return ref.group;
  if ('structure' in ref) return ref.structure;
  if ('square' in ref) return ref.square;
  return 'globe';
}

export function sameRef(a: EntityRef, b: EntityRef): boolean {
  return refKind(a) === refKind(b) && refId(a) === refId(b);
}

export function describeRef(ref: EntityRef): string {
  return 'globe' in ref ? 'the globe' : `${refKind(ref)} ${refId(ref)}`;
}
