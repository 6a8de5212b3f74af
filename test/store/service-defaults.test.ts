// The account's values of the fields the service fills in when a quotation
// leaves them empty: learned from a quotation read back, stated in Settings,
// kept per account in its own database, and shown on the drafts that leave
// those fields empty (never written into them).
import { describe, expect, it } from 'vitest';
import { openStore } from '../../electron/store';
import { SERVICE_DEFAULTS_KEY } from '../../electron/store/service-defaults';
import { quotationView } from '../../electron/bridge/to-views';
import { serviceFills } from '../../shared/service-defaults';
import { closeLater, manualClock, scratchStore } from './helpers';

const SERVICE_TERM = 'Betaling binnen 30 dagen na factuurdatum';

describe('learning what the service fills in', () => {
  it('learns the payment condition and the period from a quotation read back filled where ours was left empty', () => {
    const { store, clock } = scratchStore();
    expect(store.serviceDefaults.all()).toEqual({});
    const learned = store.serviceDefaults.learn({ clientnr: 4, action: 'save', lines: [] }, { id: 9, paymentcondition: SERVICE_TERM, quotationperiod: 30 });
    expect(learned).toBe(true);
    expect(store.serviceDefaults.all()).toEqual({
      paymentcondition: { value: SERVICE_TERM, from: 'service', at: clock() },
      quotationperiod: { value: 30, from: 'service', at: clock() },
    });
    // the same answer again teaches nothing new, and writes nothing
    clock.advance(60_000);
    expect(store.serviceDefaults.learn({ clientnr: 4 }, { paymentcondition: SERVICE_TERM, quotationperiod: 30 })).toBe(false);
    expect(store.serviceDefaults.all().paymentcondition?.at).toBe(clock() - 60_000);
  });

  it('learns nothing from a field the quotation filled itself, nor from one the service left empty', () => {
    const { store } = scratchStore();
    store.serviceDefaults.learn({ paymentcondition: 'Binnen 14 dagen', quotationperiod: 14 }, { paymentcondition: 'Binnen 14 dagen', quotationperiod: 14 });
    store.serviceDefaults.learn({ paymentcondition: '' }, { paymentcondition: '' });
    expect(store.serviceDefaults.all()).toEqual({});
  });

  it('reads a period the record does not carry from its date and due date', () => {
    const { store } = scratchStore();
    store.serviceDefaults.learn({ clientnr: 1 }, { date: '2026-01-31', datedue: '2026-03-02' });
    expect(store.serviceDefaults.all().quotationperiod?.value).toBe(30);
  });

  it('notes that the service fills empty text too only when it was seen doing so', () => {
    const { store } = scratchStore();
    store.serviceDefaults.learn({}, { paymentcondition: SERVICE_TERM });
    expect(store.serviceDefaults.all().paymentcondition?.blankFilled).toBeUndefined();
    store.serviceDefaults.learn({ paymentcondition: '' }, { paymentcondition: SERVICE_TERM });
    expect(store.serviceDefaults.all().paymentcondition?.blankFilled).toBe(true);
    // and keeps it when a quotation that left it out comes back the same
    store.serviceDefaults.learn({}, { paymentcondition: SERVICE_TERM });
    expect(store.serviceDefaults.all().paymentcondition?.blankFilled).toBe(true);
  });

  it('takes a value stated in Settings, which the service’s own answer replaces when it differs', () => {
    const { store, clock } = scratchStore();
    const set = store.serviceDefaults.set({ paymentcondition: 'Betaling binnen 14 dagen', quotationperiod: 14 });
    expect(set).toEqual({
      paymentcondition: { value: 'Betaling binnen 14 dagen', from: 'settings', at: clock() },
      quotationperiod: { value: 14, from: 'settings', at: clock() },
    });
    clock.advance(1000);
    store.serviceDefaults.learn({}, { paymentcondition: SERVICE_TERM, quotationperiod: 14 });
    expect(store.serviceDefaults.all()).toEqual({
      paymentcondition: { value: SERVICE_TERM, from: 'service', at: clock() },
      // the same value the person stated, now seen on the service
      quotationperiod: { value: 14, from: 'service', at: clock() },
    });
    // stating the value the service showed keeps where it came from; blank clears it
    expect(store.serviceDefaults.set({ paymentcondition: SERVICE_TERM }).paymentcondition?.from).toBe('service');
    expect(store.serviceDefaults.set({ paymentcondition: '  ', quotationperiod: null })).toEqual({});
  });

  it('keeps them per account, in its own database, across a restart', () => {
    const { store, path } = scratchStore();
    store.serviceDefaults.learn({}, { paymentcondition: SERVICE_TERM });
    store.close();
    const again = closeLater(openStore(path, { clock: manualClock() }));
    expect(again.serviceDefaults.all().paymentcondition?.value).toBe(SERVICE_TERM);
    const other = scratchStore().store;
    expect(other.serviceDefaults.all()).toEqual({});
  });

  it('skips a stored value it cannot read', () => {
    const { store } = scratchStore();
    store.keyValues.set(SERVICE_DEFAULTS_KEY, { paymentcondition: { value: 42, from: 'service' }, quotationperiod: { value: 21, from: 'elsewhere' } });
    expect(store.serviceDefaults.all()).toEqual({});
  });
});

describe("a draft's fields left for the service", () => {
  it('are named on its view with the value learned, and the draft itself stays empty', () => {
    const { store } = scratchStore();
    const c = store.clients.create({ company: 'Schilderwerken De Vries' });
    const q = store.quotations.create({ clientId: c.id });
    expect(quotationView(store, store.quotations.get(q.id)).serviceFills).toEqual({ paymentcondition: null, quotationperiod: null });
    store.serviceDefaults.learn({}, { paymentcondition: SERVICE_TERM, quotationperiod: 30 });
    const v = quotationView(store, store.quotations.get(q.id));
    expect(v.serviceFills.paymentcondition).toMatchObject({ value: SERVICE_TERM, from: 'service' });
    expect(v.serviceFills.quotationperiod).toMatchObject({ value: 30, from: 'service' });
    expect(v.paymentcondition).toBe('');
    expect(store.quotations.get(q.id).content.paymentcondition).toBeUndefined();
    // typed: the quotation fills it, the service does not
    store.quotations.updateHeader(q.id, { paymentcondition: 'Binnen 8 dagen', quotationperiod: 14 });
    expect(quotationView(store, store.quotations.get(q.id)).serviceFills).toEqual({});
  });

  it('do not count empty text that goes out as typed, unless the service was seen filling it', () => {
    const known = { paymentcondition: { value: SERVICE_TERM, from: 'service' as const, at: 1 } };
    expect(serviceFills({ paymentcondition: '' }, known)).toEqual({ quotationperiod: null });
    expect(serviceFills({ paymentcondition: '' }, { paymentcondition: { ...known.paymentcondition, blankFilled: true } })).toEqual({
      paymentcondition: { ...known.paymentcondition, blankFilled: true },
      quotationperiod: null,
    });
  });
});
