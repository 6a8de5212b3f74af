// An approval or status changed again while the push of the earlier one is
// under way (it has taken the entry and is reading the quotation first).
// The push sends what it took; the later change goes after it, as an entry
// of its own: the service ends with the person's last word, never the one
// before it.
import { describe, expect, it } from 'vitest';
import { drain, rig } from './helpers';

describe('an approval changed while its push is under way', () => {
  it('ends on the service as the person last set it', async () => {
    const r = await rig({ sandbox: { clients: 3, products: 0, quotations: 8 } });
    await r.engine.pull();
    const q = r.sb.data.quotations.all().find((x) => x.sent && !x.approved)!;
    const id = r.store.quotations.byServerId(q.id)!.id;
    r.store.quotations.approve(id, { name: 'Klant eerst', date: '2026-11-27' });

    // the push reads the quotation first: slowly
    r.sb.setFaults({ latencyMs: 300, methods: ['GET'] });
    const pushing = r.engine.flush();
    await new Promise((done) => setTimeout(done, 100));
    expect(r.sb.requestLog().at(-1)).toMatchObject({ method: 'GET', url: `/api/v1/quotations/${q.id}` });
    r.store.quotations.approve(id, { name: 'Klant daarna', date: '2026-11-28' });
    await pushing;
    r.sb.clearFaults();
    await drain(r);

    expect(r.store.outbox.list()).toEqual([]);
    expect(r.sb.data.quotations.get(q.id)!.approved).toMatchObject({ name: 'Klant daarna' });
    expect(r.store.quotations.get(id).approved).toMatchObject({ name: 'Klant daarna' });
  });
});
