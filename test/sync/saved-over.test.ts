// Another desk's save lands between this desk's save and its read-back (two
// saves at the same moment, docs/conflicts.md). The read-back then holds
// not what this desk sent but theirs: this desk shows what the service
// holds, never its own copy with theirs taken for the base, which would
// hide their lines here and remove them with the next edit.
import { describe, expect, it } from 'vitest';
import { drain, draft, rig } from './helpers';

describe('a save whose read-back holds another desk’s save', () => {
  it('shows what the service holds, and a later edit keeps the other desk’s line', async () => {
    const b = await rig({ sandbox: { clients: 3, products: 0, quotations: 2 } });
    await b.engine.pull();
    const id = draft(b, 'van B');
    await drain(b);
    const { savename, serverId } = b.store.quotations.get(id);
    const held = () => b.sb.data.quotations.get(serverId!)!;

    b.store.quotations.updateHeader(id, { notes: 'Notitie van B' });
    // reads answer slowly: the other desk's save lands while B's read-back waits
    b.sb.setFaults({ latencyMs: 300, methods: ['GET'] });
    const pushing = b.engine.flush();
    const posted = () => b.sb.requestLog().filter((q) => q.method === 'POST' && q.status === 201).length;
    const before = posted();
    for (let i = 0; i < 300 && posted() === before; i++) await new Promise((r) => setTimeout(r, 10));
    expect(held().notes).toBe('Notitie van B');
    // the other desk read the draft before B's save, added a line, and saves it whole
    const other = held();
    await b.api.quotations.saveOrSend({
      clientnr: other.clientnr,
      action: 'save',
      savename: savename!,
      overwrite_if_exist: true,
      notes: 'van B',
      lines: [
        ...other.lines.map((line) => {
          const l = line as Record<string, unknown>;
          return { description: String(l.description), amount: Number(l.amount), price: Number(l.price), tax_rate: Number(l.tax_rate) };
        }),
        { description: 'Regel van A', amount: 1, price: 12.5, tax_rate: 21 },
      ],
    });
    await pushing;
    b.sb.clearFaults();

    // B shows what the service holds
    const mine = b.store.quotations.get(id);
    expect(mine.content.lines.map((l) => l.description)).toEqual(held().lines.map((l) => String(l.description)));
    expect(mine.content.notes).toBe(held().notes);
    // and B's next edit keeps A's line
    b.store.quotations.updateHeader(id, { paymentcondition: 'Binnen 14 dagen' });
    await drain(b);
    expect(held().lines.map((l) => String(l.description))).toContain('Regel van A');
    expect(held().paymentcondition).toBe('Binnen 14 dagen');
  });
});
