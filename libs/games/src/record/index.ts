export * from './record-not-public.error';
export * from './game-records.service';
