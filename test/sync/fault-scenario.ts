// A seeded run of everyday edits (clients made, changed and deleted;
// quotations drafted, edited, sent, approved, given a status and deleted),
// kept as a model of what the person meant, and the check that the service
// holds exactly that afterwards: every record once, every send delivered
// once, nothing lost, nothing waiting. The fault suites run it under every
// fault the sandbox plays (faults.test.ts).
import { expect } from 'vitest';
import type { Rig } from './helpers';
import type { seeded } from './random';

interface ExpectedQuotation {
  id: string;
  notes: string;
  lines: number;
  sent: boolean;
  approved: string | null;
  status: string;
  deleted: boolean;
}

export class Scenario {
  readonly created = new Map<string, { company: string; city: string; deleted: boolean; quoted: boolean }>();
  readonly updated = new Map<number, string>();
  readonly quotes = new Map<string, ExpectedQuotation>();
  private readonly pulledClients;

  constructor(
    private readonly r: Rig,
    private readonly rnd: ReturnType<typeof seeded>,
    /** tells one run's names from another's on a shared service */
    private readonly tag = '',
  ) {
    this.pulledClients = r.store.clients.list({ limit: 1000 });
  }

  private liveClients = () => [...this.created.entries()].filter(([, c]) => !c.deleted).map(([id]) => id);
  private drafts = () => [...this.quotes.values()].filter((q) => !q.sent && !q.deleted);
  private sent = () => [...this.quotes.values()].filter((q) => q.sent && !q.deleted);

  /** One edit a person might make; false when the one drawn had nothing to act on. */
  step(n: number): boolean {
    const { r, rnd } = this;
    const at = `${this.tag}${n}`;
    const roll = rnd.next();
    if (roll < 0.15) {
      const company = `Fault Test ${at} BV`;
      const c = r.store.clients.create({ company, email: `ft${at}@example.nl`, city: 'Start' });
      this.created.set(c.id, { company, city: 'Start', deleted: false, quoted: false });
    } else if (roll < 0.3) {
      const mine = this.liveClients();
      if (mine.length > 0 && rnd.next() < 0.6) {
        const id = rnd.pick(mine);
        const city = `City ${at}`;
        r.store.clients.update(id, { city });
        this.created.get(id)!.city = city;
      } else {
        const c = rnd.pick(this.pulledClients);
        const city = `Pulled ${at}`;
        r.store.clients.update(c.id, { city });
        this.updated.set(c.clientnr!, city);
      }
    } else if (roll < 0.5) {
      const mine = this.liveClients();
      const clientId = mine.length > 0 && rnd.next() < 0.5 ? rnd.pick(mine) : rnd.pick(this.pulledClients).id;
      if (this.created.has(clientId)) this.created.get(clientId)!.quoted = true;
      const q = r.store.quotations.create({ clientId, notes: `n${at}` });
      r.store.quotations.addLine(q.id, { description: `Line ${at}`, amount: 1 + rnd.int(5), price: 10, tax_rate: 21 });
      this.quotes.set(q.id, { id: q.id, notes: `n${at}`, lines: 1, sent: false, approved: null, status: '', deleted: false });
    } else if (roll < 0.65) {
      const d = this.drafts();
      if (d.length === 0) return false;
      const q = rnd.pick(d);
      if (rnd.next() < 0.5) {
        q.notes = `edited ${at}`;
        r.store.quotations.updateHeader(q.id, { notes: q.notes });
      } else {
        r.store.quotations.addLine(q.id, { description: `More ${at}`, amount: 1, price: 2.5, tax_rate: 9 });
        q.lines++;
      }
    } else if (roll < 0.8) {
      const d = this.drafts();
      if (d.length === 0) return false;
      const q = rnd.pick(d);
      const clientId = r.store.quotations.get(q.id).content.clientId!;
      const hasEmail = String(r.store.clients.get(clientId).fields.email ?? '') !== '';
      r.store.quotations.send(q.id, hasEmail && rnd.next() < 0.7 ? 'email' : 'mail');
      q.sent = true;
    } else if (roll < 0.9) {
      const s = this.sent();
      if (s.length === 0) return false;
      const q = rnd.pick(s);
      if (rnd.next() < 0.5) {
        q.approved = q.approved ? null : `Approver ${at}`;
        if (q.approved) r.store.quotations.approve(q.id, { name: q.approved, date: '2026-01-20' });
        else r.store.quotations.unapprove(q.id);
      } else {
        q.status = rnd.pick(['progress', 'completed', 'billable', 'declined']);
        r.store.quotations.setCustomStatus(q.id, q.status);
      }
    } else if (roll < 0.95) {
      const d = this.drafts();
      if (d.length === 0) return false;
      const q = rnd.pick(d);
      r.store.quotations.delete(q.id);
      q.deleted = true;
    } else {
      const deletable = this.liveClients().filter((id) => !this.created.get(id)!.quoted);
      if (deletable.length === 0) return false;
      const id = rnd.pick(deletable);
      r.store.clients.delete(id);
      this.created.get(id)!.deleted = true;
    }
    return true;
  }

  /** Nothing waits, and the service holds exactly what was meant: each record once, each send delivered once. */
  check(where = ''): void {
    const { r } = this;
    expect(
      r.store.outbox.parked().map((e) => [e.kind, e.lastError]),
      where,
    ).toEqual([]);
    expect(r.store.conflicts.open(), where).toEqual([]);
    expect(r.store.outbox.pendingCount(), where).toBe(0);

    // clients: every one created here exists once (unless deleted), with its last fields
    const onService = r.sb.data.clients.all();
    for (const [id, c] of this.created) {
      const matches = onService.filter((s) => s.company === c.company);
      if (c.deleted) {
        expect(matches, `${where} ${c.company}`).toEqual([]);
        expect(r.store.clients.find(id)).toBeNull();
      } else {
        expect(matches, `${where} ${c.company}`).toHaveLength(1);
        expect(matches[0]!.city).toBe(c.city);
        expect(r.store.clients.get(id).clientnr).toBe(matches[0]!.clientnr);
      }
    }
    for (const [nr, city] of this.updated) expect(r.sb.data.clients.get(nr)!.city, where).toBe(city);

    // quotations: once each, in the intended state; each send delivered exactly once
    const deliveries = r.sb.deliveries();
    for (const q of this.quotes.values()) {
      const local = r.store.quotations.find(q.id);
      if (q.deleted) {
        expect(local, where).toBeNull();
        continue;
      }
      const records = r.sb.data.quotations.all().filter((x) => x.savename === local!.savename);
      expect(records, `${where} ${q.notes}`).toHaveLength(1);
      const rec = records[0]!;
      expect(rec.quotationreference).toBe(local!.quotationreference);
      expect(rec.id).toBe(local!.serverId);
      expect(rec.sent).toBe(q.sent);
      expect(rec.notes).toBe(q.notes);
      expect(rec.lines).toHaveLength(q.lines);
      expect(deliveries.filter((d) => d.quotationreference === rec.quotationreference)).toHaveLength(q.sent ? 1 : 0);
      if (q.sent) {
        expect(rec.approved?.name ?? null).toBe(q.approved);
        expect(rec.customstatus).toBe(q.status);
      }
    }
    const sentCount = [...this.quotes.values()].filter((q) => q.sent && !q.deleted).length;
    expect(deliveries, where).toHaveLength(sentCount);
    expect(new Set(deliveries.map((d) => d.quotationreference)).size).toBe(deliveries.length);
    // deleted drafts left nothing behind
    const ours = r.sb.data.quotations.all().filter((x) => x.savename.startsWith('qd-'));
    expect(ours, where).toHaveLength([...this.quotes.values()].filter((q) => !q.deleted).length);
  }
}
