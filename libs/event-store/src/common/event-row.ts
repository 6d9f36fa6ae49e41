/**
 * A row of the events table as the SQL adapters select it. Their drivers hand out data and metadata as the JSON
 * text (SQLite) or already parsed (PostgreSQL's jsonb).
 */
export interface EventRow<Data = string, Metadata = string> {
  position: number;
  stream: string;
  revision: number;
  type: string;
  data: Data;
  metadata: Metadata;
  recorded_at: string;
}
