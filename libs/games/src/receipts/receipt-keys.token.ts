/** Nest injection token of the service's ReceiptKeyRing (GamesModule.forRoot's `receiptKeys`). */
export const RECEIPT_KEYS = Symbol('RECEIPT_KEYS');
