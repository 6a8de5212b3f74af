// What a push of a quotation writes, one method per thing that happened on
// the service. The push (electron/sync/ops/quotations.ts) decides what an
// answer means; these keep the rows. Each runs in one transaction with the
// outbox entry it finishes, so a crash leaves either both or neither, and
// the store's `changed` event names the tables it touched.
import type { Client, Quotation } from '../../shared/schemas';
import type { QuotationContent } from '../../shared/local';
import type { OpError } from '../../shared/outbox';
import { type Connection, type RecordRef, parseJson } from './connection';
import type { Outbox } from './outbox';
import type { Numbering } from './numbering';
import type { PulledRecords } from './pulled';
import type { Conflicts } from './conflicts';
import type { Quotations } from './quotations';

/**
 * The quotation row a write changes, named so that what shows it (an open
 * editor) reads it again; a write that also removes or adds other rows names
 * the table as a whole through the module that does it.
 */
const rowRef = (id: string): RecordRef => ({ entity: 'quotations', id });

/** What a save or send changed on a sent quotation's record. */
export type SentChange = Pick<Partial<Quotation>, 'approved' | 'customstatus'>;

export class QuotationPushes {
  constructor(
    private readonly conn: Connection,
    private readonly outbox: Outbox,
    private readonly quotations: Quotations,
    private readonly numbering: Numbering,
    private readonly pulled: PulledRecords,
    private readonly conflicts: Conflicts,
  ) {}

  /**
   * Gives up another row that mirrors `serverId` when `keep` is that same
   * quotation (a pull brought it in before this push heard back), and what
   * still waited for it.
   */
  private dropTwin(keep: string, serverId: number): void {
    const twin = this.quotations.rowByServerId(serverId);
    if (!twin || twin.id === keep) return;
    this.outbox.cancel(
      this.outbox
        .forTarget(twin.id)
        .filter((e) => e.state === 'pending' || e.state === 'parked')
        .map((e) => e.id),
    );
    this.quotations.remove(twin.id);
  }

  /** An earlier attempt created the quotation on the service as `serverId`: the row mirrors it from now on. */
  adoptServerId(localId: string, serverId: number): void {
    this.conn.tx([rowRef(localId), 'outbox'], () => {
      this.dropTwin(localId, serverId);
      this.conn.stmt('UPDATE quotations SET server_id = ? WHERE id = ?').run(serverId, localId);
    });
  }

  /**
   * The service saved the draft as `serverId`. `provisional` is the body as
   * the service will hold it, kept until the record is read back when the
   * row has none yet.
   */
  recordSaved(entryId: number, localId: string, serverId: number, provisional: Quotation | null): void {
    this.conn.tx([rowRef(localId), 'outbox'], () => {
      this.dropTwin(localId, serverId);
      const row = this.quotations.findRow(localId);
      if (row && row.server_id !== serverId) {
        this.conn
          .stmt('UPDATE quotations SET server_id = ?, server = coalesce(server, ?) WHERE id = ?')
          .run(serverId, provisional ? JSON.stringify(provisional) : null, localId);
      }
      // The version this save replaced is no base for the next one, and the
      // saved one is not read yet. Until it is (and for good, should the
      // read fail or the app stop first), what was sent is the base: the
      // next save then tells a change made on the service from its own
      // work, field by field, instead of overwriting the service unchecked.
      // What the service filled in itself counts as their change to a field
      // this desk left as it sent it, and is taken in without asking.
      this.conn.stmt('UPDATE quotations SET base = ? WHERE id = ?').run(provisional ? JSON.stringify(provisional) : null, localId);
      this.outbox.markDone(entryId);
    });
  }

  /**
   * The saved draft `serverId` as read back (null: it could not be read,
   * and the base stays what was sent).
   * `ours`: it holds the draft as saved. What the service holds now is ours, and later edits start from it. The
   * draft stays (its line ids are what the UI holds); a pull replaces it
   * once nothing waits to be saved. A row that meanwhile mirrors another
   * quotation is left alone.
   */
  recordSavedVersion(localId: string, serverId: number, saved: Quotation | null, ours = true): void {
    // not read: the base stays what was sent (recordSaved)
    if (saved === null) return;
    // the table is named only when a row is written: a version of another quotation changes nothing
    this.conn.tx([], () => {
      const row = this.quotations.findRow(localId);
      if (!row || row.server_id !== serverId) return;
      const json = JSON.stringify(saved);
      this.conn.tx([rowRef(localId)], () => {
        if (ours) {
          this.conn.stmt('UPDATE quotations SET server = ?, base = ? WHERE id = ?').run(json, json, localId);
          return;
        }
        // Not what was sent: another desk saved the draft right after this one. The base stays
        // what was sent, so an edit waiting here merges with theirs; with none waiting, the
        // local copy gives way to the service's, as a pull's would. Keeping it with theirs as
        // the base would show a draft the service no longer holds, and a later edit would
        // remove what the other desk put in.
        this.conn.stmt('UPDATE quotations SET server = ? WHERE id = ?').run(json, localId);
        if (this.outbox.forTarget(localId).length === 0) this.conn.stmt('UPDATE quotations SET draft = NULL, base = NULL WHERE id = ?').run(localId);
      });
    });
  }

  /**
   * The service's draft as it is before this save replaces it: if the save
   * fails, the next attempt compares against it rather than an older one.
   */
  recordServiceVersion(localId: string, theirs: Quotation): void {
    this.conn.tx([rowRef(localId)], () => {
      const json = JSON.stringify(theirs);
      this.conn.stmt('UPDATE quotations SET base = ?, server = ? WHERE id = ?').run(json, json, localId);
    });
  }

  /**
   * The draft went out as the sent quotation `serverId`, whose id replaces
   * the draft's everywhere here; `record` is the quotation as sent, until a
   * read brings the service's own. The entry is done with it.
   */
  recordSent(entryId: number, localId: string, serverId: number, record: Quotation | null): void {
    this.conn.tx([rowRef(localId), 'outbox'], () => {
      this.dropTwin(localId, serverId);
      this.conn
        .stmt('UPDATE quotations SET server_id = ?, server = ?, draft = NULL, base = NULL, gone = 0, pulled_at = NULL, updated_at = ? WHERE id = ?')
        .run(serverId, record ? JSON.stringify(record) : null, this.conn.now(), localId);
      // the number it went out under (the service's own, when numbering is left to it)
      if (record?.quotationreference) this.numbering.takeServiceReference(localId, record.quotationreference);
      this.outbox.markDone(entryId);
    });
  }

  /**
   * The sent quotation as the service holds it, read right after the send:
   * kept as a pull would keep it, unless the row meanwhile mirrors another.
   */
  recordSentRead(localId: string, sent: Quotation): void {
    this.conn.tx([], () => {
      const row = this.quotations.findRow(localId);
      if (!row || row.server_id !== sent.id) return;
      this.pulled.putQuotations([sent], this.conn.now());
    });
  }

  /** Approval or custom status reached the service: the sent record shows it, and the entry is done. */
  recordSentChange(entryId: number, localId: string, change: SentChange): void {
    this.conn.tx([rowRef(localId), 'outbox'], () => {
      const row = this.quotations.findRow(localId);
      const server = row ? parseJson<Quotation>(row.server) : null;
      if (row && server) this.conn.stmt('UPDATE quotations SET server = ? WHERE id = ?').run(JSON.stringify({ ...server, ...change }), row.id);
      this.outbox.markDone(entryId);
    });
  }

  /**
   * Another desk set an approval or status since this one was asked for:
   * the sent record here shows the service's state, and the entry waits for
   * the person (Retry then sets theirs over it, knowingly).
   */
  recordSentChangedThere(entryId: number, localId: string, change: SentChange, reason: Omit<OpError, 'at'>): void {
    this.conn.tx([rowRef(localId), 'outbox'], () => {
      const row = this.quotations.findRow(localId);
      const server = row ? parseJson<Quotation>(row.server) : null;
      if (row && server) this.conn.stmt('UPDATE quotations SET server = ? WHERE id = ?').run(JSON.stringify({ ...server, ...change }), row.id);
      this.outbox.park(entryId, reason);
    });
  }

  /**
   * The quotation is gone from the service (or was sent there meanwhile)
   * while this computer still had a change for it: the row is marked gone
   * and the entry parked as a conflict for the person to decide.
   */
  markGone(entryId: number, localId: string): void {
    this.conn.tx([rowRef(localId), 'outbox', 'conflicts'], () => {
      const row = this.quotations.row(localId);
      this.conn.stmt('UPDATE quotations SET gone = 1 WHERE id = ?').run(localId);
      this.conflicts.record({
        kind: 'deleted',
        targetKind: 'quotation',
        target: localId,
        opId: entryId,
        mine: this.quotations.contentOf(row),
        theirs: null,
        base: parseJson(row.base) ?? parseJson(row.server),
      });
    });
  }

  /** Both sides changed the same fields of the draft: the save waits, parked, for the person to choose. */
  recordDraftConflict(entryId: number, localId: string, c: { mine: QuotationContent; theirs: Quotation; base: Quotation; fields: string[] }): void {
    this.conflicts.record({ kind: 'draft', targetKind: 'quotation', target: localId, opId: entryId, ...c });
  }

  /** The delete reached the service (or it had the quotation no more): the row goes, the entry is done. */
  recordDeleted(entryId: number, localId: string): void {
    this.conn.tx([rowRef(localId), 'outbox'], () => {
      this.quotations.remove(localId);
      this.outbox.markDone(entryId);
    });
  }

  /** A client a quotation on the service names, read from the service, kept as a pull would keep it. */
  recordClient(client: Client): void {
    this.pulled.putClients([client], this.conn.now());
  }
}
