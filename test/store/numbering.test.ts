import { describe, expect, it } from 'vitest';
import { openStore } from '../../electron/store';
import { formatReference, numberOf, patternProblem } from '../../shared/numbering';
import { closeLater, manualClock, scratchStore } from './helpers';

function draft(store: ReturnType<typeof scratchStore>['store']) {
  const c = store.clients.create({ company: 'Klant' });
  return store.quotations.create({ clientId: c.id });
}

describe('numbering scheme', () => {
  it('formats a pattern with the year and a running number, and reads the number back', () => {
    expect(formatReference('OF{YYYY}-{####}', 2026, 8)).toBe('OF2026-0008');
    expect(formatReference('Q{YY}/{##}', 2026, 123)).toBe('Q26/123');
    expect(numberOf('OF{YYYY}-{####}', 2026, 'OF2026-0042')).toBe(42);
    expect(numberOf('OF{YYYY}-{####}', 2026, 'OF2025-0042')).toBeNull();
    expect(numberOf('OF{YYYY}-{####}', 2026, 'QD-260115-ABC')).toBeNull();
  });

  it('refuses patterns the service could not keep or a person could not read, each with what to do', () => {
    expect(patternProblem('OF{YYYY}-{####}')).toBeNull();
    expect(patternProblem('')).toEqual({ code: 'empty' });
    expect(patternProblem('OF{YYYY}')).toEqual({ code: 'no_counter' });
    expect(patternProblem('{##}-{##}')).toEqual({ code: 'two_counters' });
    expect(patternProblem('OF{MM}-{##}')).toEqual({ code: 'unknown_placeholder', placeholder: '{MM}' });
    expect(patternProblem('OF#{##}')).toEqual({ code: 'bad_character', character: '#' });
    expect(patternProblem(`${'X'.repeat(35)}{##}`)).toMatchObject({ code: 'too_long', max: 40 });

    const { store } = scratchStore();
    expect(() => store.numbering.setScheme({ mode: 'own', pattern: 'OF{YYYY}', next: 1 })).toThrow(/no running number; add a run of # in braces/);
    expect(() => store.numbering.setScheme({ mode: 'own', pattern: 'OF{####}', next: 0 })).toThrow(/between 1 and/);
    expect(() => store.numbering.setScheme({ mode: 'own', pattern: 'OF{####}', next: 1.5 })).toThrow(/whole number/);
    // a refused scheme changes nothing
    expect(store.numbering.scheme()).toMatchObject({ mode: 'own', pattern: 'OF{YYYY}-{####}', next: 1 });
  });
});

describe('handing out numbers', () => {
  it('numbers a draft when it is first saved or sent, in order, offline, never twice', () => {
    const { store } = scratchStore();
    store.numbering.setScheme({ mode: 'own', pattern: 'OF{YYYY}-{####}', next: 8 });
    const a = draft(store);
    const b = draft(store);
    const c = draft(store);
    // a draft never saved has no number yet
    expect(store.quotations.get(a.id).quotationreference).toBeNull();
    expect(store.numbering.preview()).toBe('OF2026-0008');
    // no service anywhere: the store alone hands them out
    expect(store.quotations.number(b.id)).toBe('OF2026-0008');
    store.quotations.addLine(a.id, { description: 'x', amount: 1, price: 1 });
    store.quotations.send(a.id, 'mail');
    expect(store.quotations.get(a.id).quotationreference).toBe('OF2026-0009');
    // saving again keeps the number
    expect(store.quotations.number(b.id)).toBe('OF2026-0008');
    expect(store.quotations.number(c.id)).toBe('OF2026-0010');
    expect(store.numbering.scheme()).toMatchObject({ next: 11 });
  });

  it('keeps counting across a restart, from the account’s own database', () => {
    const { store, path, clock } = scratchStore();
    store.numbering.setScheme({ mode: 'own', pattern: 'Q-{###}', next: 41 });
    expect(store.quotations.number(draft(store).id)).toBe('Q-041');
    store.close();
    const again = closeLater(openStore(path, { clock }));
    const c = again.clients.create({ company: 'K' });
    expect(again.quotations.number(again.quotations.create({ clientId: c.id }).id)).toBe('Q-042');
  });

  it('skips numbers a quotation here already holds, pulled ones too', () => {
    const { store, clock } = scratchStore();
    store.pulled.putQuotations(
      [
        { id: 1, clientnr: 1, sent: true, quotationreference: 'OF2026-0001', lines: [] },
        { id: 2, clientnr: 1, sent: true, quotationreference: 'OF2026-0002', lines: [] },
        { id: 3, clientnr: 1, sent: false, quotationreference: 'OF2026-0004', lines: [] },
      ],
      clock(),
    );
    const numbers = [draft(store), draft(store)].map((q) => store.quotations.number(q.id));
    expect(numbers).toEqual(['OF2026-0003', 'OF2026-0005']);
  });

  it('starts again at 1 in a new year when the year is part of the reference', () => {
    const clock = manualClock(Date.UTC(2026, 11, 31, 10));
    const { store } = scratchStore(clock);
    store.numbering.setScheme({ mode: 'own', pattern: 'OF{YYYY}-{####}', next: 57 });
    expect(store.quotations.number(draft(store).id)).toBe('OF2026-0057');
    clock.set(Date.UTC(2027, 0, 2, 10));
    expect(store.numbering.preview()).toBe('OF2027-0001');
    expect(store.quotations.number(draft(store).id)).toBe('OF2027-0001');
    expect(store.quotations.number(draft(store).id)).toBe('OF2027-0002');
  });

  it('keeps counting through the new year when the year is not part of the reference', () => {
    const clock = manualClock(Date.UTC(2026, 11, 31, 10));
    const { store } = scratchStore(clock);
    store.numbering.setScheme({ mode: 'own', pattern: 'Q{####}', next: 57 });
    store.quotations.number(draft(store).id);
    clock.set(Date.UTC(2027, 0, 2, 10));
    expect(store.quotations.number(draft(store).id)).toBe('Q0058');
  });

  it('gives no reference of its own when numbering is left to the service', () => {
    const { store } = scratchStore();
    store.numbering.setScheme({ mode: 'service' });
    const q = draft(store);
    expect(store.quotations.number(q.id)).toBeNull();
    store.quotations.addLine(q.id, { description: 'x', amount: 1, price: 1 });
    store.quotations.send(q.id, 'mail');
    expect(store.quotations.get(q.id).quotationreference).toBeNull();
    expect(store.numbering.preview()).toBeNull();
  });

  it('renumbers a quotation whose number the service refused, past that number, and says so', () => {
    const { store, clock } = scratchStore();
    store.numbering.setScheme({ mode: 'own', pattern: 'OF{YYYY}-{####}', next: 8 });
    const q = draft(store);
    store.quotations.number(q.id);
    // another desk went on to 0011 while this one was offline
    expect(store.numbering.renumber(q.id, 'OF2026-0011')).toBe('OF2026-0012');
    expect(store.quotations.get(q.id).quotationreference).toBe('OF2026-0012');
    expect(store.numbering.noticeFor(q.id)).toEqual({ quotationId: q.id, from: 'OF2026-0011', to: 'OF2026-0012', why: 'service', at: clock() });
    store.numbering.dismiss(q.id);
    expect(store.numbering.noticeFor(q.id)).toBeNull();
  });

  it('a draft whose number a pulled quotation of another desk holds gives it up, and is told when numbered again', () => {
    const { store, clock } = scratchStore();
    const q = draft(store);
    expect(store.quotations.number(q.id)).toBe('OF2026-0001');
    store.pulled.putQuotations([{ id: 90, clientnr: 1, sent: true, savename: 'other-desk', quotationreference: 'OF2026-0001', lines: [] }], clock());
    // not adopted: another quotation, not this draft's lost send
    expect(store.quotations.get(q.id)).toMatchObject({ serverId: null, quotationreference: null });
    expect(store.quotations.byServerId(90)!.id).not.toBe(q.id);
    expect(store.quotations.number(q.id)).toBe('OF2026-0002');
    expect(store.numbering.noticeFor(q.id)).toMatchObject({ from: 'OF2026-0001', to: 'OF2026-0002', why: 'pulled' });
  });
});
