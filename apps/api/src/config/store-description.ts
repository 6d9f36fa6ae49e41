/** The store as the start line describes it: the store library knows what each kind means (store-kinds.ts). */
export { describeStore } from '@app/event-store';
