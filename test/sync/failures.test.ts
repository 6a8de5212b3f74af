import { describe, expect, it } from 'vitest';
import { rig, drain, sendUnanswered, serverClients } from './helpers';

describe('failures', () => {
  it('goes offline on a refused connection, probes with growing pauses, and catches up when back', async () => {
    const r = await rig({ sandbox: { clients: 2, products: 0, quotations: 0 } });
    const seen: string[] = [];
    r.engine.events.on('online', () => seen.push('online'));
    r.engine.events.on('offline', () => seen.push('offline'));
    await r.sb.setNetwork(false);
    const c = r.store.clients.create({ company: 'Made on the train' });
    const res = await r.engine.flush();
    expect(res.stopped).toBe('offline');
    expect(r.engine.online).toBe(false);
    expect(r.store.outbox.list()[0]).toMatchObject({ state: 'pending', lastError: { kind: 'network' } });

    // probes back off: each pause at least as long as the one before
    const pauses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const at = r.engine.connectivity.nextProbeAt!;
      pauses.push(at - r.clock());
      r.clock.advance(at - r.clock() - 1);
      expect((await r.engine.tick()).stopped).toBe('offline'); // not due yet: no request
      r.clock.advance(1);
      await r.engine.tick(); // the probe, refused
    }
    expect(pauses[3]!).toBeGreaterThan(pauses[0]!);
    expect(r.sb.requests()).toHaveLength(0);

    await r.sb.setNetwork(true);
    r.clock.advance(r.engine.connectivity.nextProbeAt! - r.clock());
    const back = await r.engine.tick();
    expect(back.done).toBe(1);
    expect(seen).toEqual(['offline', 'online']);
    expect(r.store.clients.get(c.id).clientnr).toBeGreaterThan(0);
  });

  it('backs off exponentially on 5xx, looking the create up before it goes again, then succeeds; nothing twice', async () => {
    const r = await rig({ sandbox: { clients: 1, products: 0, quotations: 0 } });
    r.sb.setFaults({ serverErrorRate: 1 });
    r.store.clients.create({ company: 'Persistent', email: 'persistent@example.nl' });
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      await r.engine.flush();
      const e = r.store.outbox.list()[0]!;
      // a 500 proves nothing of a write: the entry's outcome is unknown, and each try begins with a search for it
      expect(e).toMatchObject({ state: 'unknown_outcome', attempts: i + 1, lastError: { kind: 'server', status: 500 } });
      waits.push(e.nextAttemptAt - r.clock());
      r.clock.advance(e.nextAttemptAt - r.clock());
    }
    expect(waits).toEqual([500, 1000, 2000]); // jitter fixed at one half in this rig
    expect(r.sb.requests().map((q) => q.method)).toEqual(['POST', 'GET', 'GET']);
    r.sb.clearFaults();
    await r.engine.flush();
    expect(serverClients(r.sb).filter((c) => c.company === 'Persistent')).toHaveLength(1);
    expect(
      r.sb
        .requests()
        .slice(3)
        .map((q) => q.method),
    ).toEqual(['GET', 'POST']);
  });

  it('honours Retry-After on 429, capped', async () => {
    const r = await rig({ sandbox: { clients: 1, products: 0, quotations: 0 } });
    r.sb.setThrottle(1);
    r.store.clients.create({ company: 'A' });
    r.store.clients.create({ company: 'B' });
    const res = await r.engine.flush();
    expect(res.stopped).toBe('rate_limited');
    const waiting = r.store.outbox.list().find((e) => e.lastError?.kind === 'rate_limited')!;
    expect(waiting.nextAttemptAt - r.clock()).toBeGreaterThanOrEqual(1000);
    expect(waiting.nextAttemptAt - r.clock()).toBeLessThanOrEqual(60_000);
    r.sb.setThrottle(0);
    await drain(r);
    expect(r.store.outbox.pendingCount()).toBe(0);
  });

  it('treats 403 over the hourly limit as a pause with backoff, not a failure', async () => {
    const r = await rig({ sandbox: { clients: 1, products: 0, quotations: 0, rateLimit: 1 }, api: { rateLimit: { reserve: 0 } } });
    r.store.clients.create({ company: 'A' });
    r.store.clients.create({ company: 'B' });
    await r.engine.flush();
    const limited = r.store.outbox.list().find((e) => e.lastError?.kind === 'rate_limited');
    expect(limited).toBeDefined();
    expect(r.store.outbox.parked()).toEqual([]);
  });

  it('pauses the whole outbox on 401 and asks for a key; resuming sends everything', async () => {
    const r = await rig({ sandbox: { clients: 1, products: 0, quotations: 0 } });
    const paused: string[] = [];
    r.engine.events.on('paused', (reason) => paused.push(reason));
    r.sb.setKeyState('inactive');
    r.store.clients.create({ company: 'A' });
    r.store.clients.create({ company: 'B' });
    const res = await r.engine.flush();
    expect(res.stopped).toBe('paused');
    expect(paused).toEqual(['auth']);
    expect(r.engine.paused).toBe('auth');
    const requests = r.sb.requests().length;
    expect(requests).toBe(1);
    expect((await r.engine.flush()).stopped).toBe('paused');
    expect(r.sb.requests().length).toBe(requests);
    expect(r.store.outbox.parked()).toEqual([]);
    r.sb.setKeyState('active');
    r.engine.resume();
    expect((await r.engine.flush()).done).toBe(2);
  });

  it('parks a send without credits with the reason, and retries it on request', async () => {
    const r = await rig();
    await r.engine.pull();
    r.sb.setCredits(0);
    const client = r.store.clients.list()[0]!;
    const q = r.store.quotations.create({ clientId: client.id });
    r.store.quotations.addLine(q.id, { description: 'Print', amount: 1, price: 3 });
    r.store.quotations.send(q.id, 'printcenter');
    await r.engine.flush();
    const [parked] = r.store.outbox.parked();
    expect(parked).toMatchObject({ kind: 'quotation.send', lastError: { kind: 'credits', status: 402 } });
    expect(r.sb.deliveries()).toHaveLength(0);
    r.sb.setCredits(5);
    r.store.outbox.retry(parked!.id);
    await r.engine.flush();
    expect(r.sb.deliveries()).toHaveLength(1);
  });

  it('parks a 422 with the field errors and keeps the draft as typed', async () => {
    const r = await rig();
    await r.engine.pull();
    const client = r.store.clients.list().find((c) => String(c.fields.email ?? '') !== '')!;
    const q = r.store.quotations.create({ clientId: client.id, notes: 'keep me' });
    r.store.quotations.addLine(q.id, { description: 'Werk', amount: 1, price: 10 });
    r.store.quotations.send(q.id, 'email');
    // someone took the client's e-mail address away on the service meanwhile
    r.sb.data.clients.patch(client.clientnr!, { email: '' });
    await r.engine.flush();
    const [parked] = r.store.outbox.parked();
    expect(parked!.lastError).toMatchObject({ kind: 'validation', status: 422, fieldErrors: [{ field: 'sendmethod' }] });
    expect(r.store.quotations.get(q.id).content.notes).toBe('keep me');
  });
});

describe('unknown outcomes', () => {
  it('finds a client whose create committed but whose answer was lost, instead of creating it twice', async () => {
    const r = await rig({ sandbox: { clients: 3, products: 0, quotations: 0 } });
    r.sb.setFaults({ dropAfterCommitRate: 1, methods: ['POST'] });
    const c = r.store.clients.create({ company: 'Exactly Once BV', email: 'once@example.nl' });
    await r.engine.flush();
    expect(r.store.outbox.list()[0]).toMatchObject({ state: 'unknown_outcome' });
    r.sb.clearFaults();
    await drain(r);
    expect(serverClients(r.sb).filter((x) => x.company === 'Exactly Once BV')).toHaveLength(1);
    expect(r.store.clients.get(c.id).clientnr).toBe(serverClients(r.sb).find((x) => x.company === 'Exactly Once BV')!.clientnr);
    expect(r.sb.requestLog().filter((x) => x.method === 'POST')).toHaveLength(1);
  });

  it('retries a create that never arrived', async () => {
    const r = await rig({ sandbox: { clients: 3, products: 0, quotations: 0 } });
    r.sb.setFaults({ resetRate: 1, methods: ['POST'] });
    r.store.clients.create({ company: 'Second Try', email: 'try@example.nl' });
    await r.engine.flush();
    r.sb.clearFaults();
    await drain(r);
    expect(serverClients(r.sb).filter((x) => x.company === 'Second Try')).toHaveLength(1);
  });

  it('sends exactly once after a timeout after commit (POST send)', async () => {
    const r = await rig({ api: { headersTimeoutMs: 300, bodyTimeoutMs: 300 } });
    await r.engine.pull();
    const q = await sendUnanswered(r, { hangAfterCommitRate: 1 });
    await drain(r);
    expect(r.sb.deliveries().filter((d) => d.quotationreference === q.quotationreference)).toHaveLength(1);
    expect(r.sb.data.quotations.all().filter((x) => x.quotationreference === q.quotationreference)).toHaveLength(1);
    expect(r.store.quotations.get(q.id).serverId).toBe(r.sb.deliveries()[0]!.quotationId);
    expect(r.sb.requestLog().filter((x) => x.method === 'POST')).toHaveLength(1);
  });

  it('sends exactly once after a lost answer to a PUT send, and maps the new id', async () => {
    const r = await rig();
    await r.engine.pull();
    const client = r.store.clients.list().find((c) => String(c.fields.email ?? '') !== '')!;
    const q = r.store.quotations.create({ clientId: client.id });
    r.store.quotations.addLine(q.id, { description: 'once', amount: 1, price: 1 });
    await r.engine.flush();
    const draftId = r.store.quotations.get(q.id).serverId!;
    r.store.quotations.send(q.id, 'email');
    r.sb.setFaults({ dropAfterCommitRate: 1, methods: ['PUT'] });
    await r.engine.flush();
    r.sb.clearFaults();
    await drain(r);
    const deliveries = r.sb.deliveries().filter((d) => d.quotationreference === r.store.quotations.get(q.id).quotationreference);
    expect(deliveries).toHaveLength(1);
    expect(r.store.quotations.get(q.id).serverId).toBe(deliveries[0]!.quotationId);
    expect(deliveries[0]!.quotationId).not.toBe(draftId);
    expect(r.sb.requestLog().filter((x) => x.method === 'PUT')).toHaveLength(1);
  });

  it('a save whose answer was lost is saved again in place, not copied', async () => {
    const r = await rig();
    await r.engine.pull();
    const client = r.store.clients.list()[0]!;
    const q = r.store.quotations.create({ clientId: client.id });
    r.sb.setFaults({ truncateRate: 1, methods: ['POST'] });
    await r.engine.flush();
    r.sb.clearFaults();
    await drain(r);
    expect(r.sb.data.quotations.all().filter((x) => x.savename === q.savename)).toHaveLength(1);
    expect(r.store.quotations.get(q.id).serverId).toBe(r.sb.data.quotations.all().find((x) => x.savename === q.savename)!.id);
  });

  it('resolves a request that was out when the app stopped before anything is resent', async () => {
    const r = await rig({ sandbox: { clients: 1, products: 0, quotations: 0 } });
    const c = r.store.clients.create({ company: 'Crashed Mid Request', email: 'crash@example.nl' });
    const op = r.store.outbox.list()[0]!;
    // the request went out and committed; the app died before recording the answer
    r.store.outbox.markInFlight(op.id, { company: 'Crashed Mid Request', email: 'crash@example.nl' });
    const nr = await r.api.clients.create({ company: 'Crashed Mid Request', email: 'crash@example.nl' });
    r.store.close();
    const again = r.reopen();
    expect(again.store.outbox.get(op.id).state).toBe('unknown_outcome');
    await again.engine.flush();
    expect(again.store.clients.get(c.id).clientnr).toBe(nr);
    expect(serverClients(r.sb).filter((x) => x.company === 'Crashed Mid Request')).toHaveLength(1);
  });
});
