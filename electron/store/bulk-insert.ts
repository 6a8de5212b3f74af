// Inserts of a pulled page without the per-row insert triggers (migrations
// 3 and 4): while bulk_insert holds a row, the writer provides what the
// triggers would derive. Inside the writer's transaction, so no other writer
// ever sees the hold.
import type { Connection } from './connection';

export class BulkInsert {
  /** keys of the rows inserted, for the search index */
  readonly added: number[] = [];
  private held = false;

  /** @param indexSql fills the search index for the rows whose keys it gets as a JSON array, or null when the table has none */
  constructor(
    private readonly conn: Connection,
    private readonly indexSql: string | null,
  ) {}

  /**
   * Call before each insert. The hold is taken at the first one only, so a
   * page with nothing new writes nothing at all: its transaction commits
   * without touching the file.
   */
  hold(): void {
    if (this.held) return;
    this.conn.stmt('INSERT INTO bulk_insert (one) VALUES (1)').run();
    this.held = true;
  }

  /**
   * Indexes the rows added, in one statement, and lets the triggers work
   * again. Call it in a `finally`: when the writer threw inside a caller's
   * transaction that goes on, what it inserted is still indexed and later
   * inserts still use the triggers.
   */
  end(): void {
    if (!this.held) return;
    this.held = false;
    if (this.indexSql !== null && this.added.length > 0) this.conn.stmt(this.indexSql).run(JSON.stringify(this.added));
    this.added.length = 0;
    this.conn.stmt('DELETE FROM bulk_insert').run();
  }
}
