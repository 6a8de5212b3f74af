// The words for a service in trouble: which failure is told, in what words,
// with what to do; and the editor's notice of a save that failed.
import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../../renderer/i18n';
import { currentTrouble, pushErrorText, troubleAdvice, troubleText } from '../../renderer/lib/trouble';
import type { SyncFailure } from '../../shared/bridge';

const at = (s: number) => new Date(Date.UTC(2026, 10, 27, 14, 0, s)).toISOString();
const fail = (kind: string, over: Partial<SyncFailure> = {}): SyncFailure => ({ kind, messageKey: `api.${kind}`, params: {}, at: at(10), ...over });

function texts(lang: 'nl' | 'en') {
  const i18n = createAppI18n(lang);
  return (key: string, params?: Record<string, unknown>) => i18n.global.t(key, params ?? {});
}

describe('which failure is told', () => {
  it('the newer of the pull’s and the push’s, while nothing went well since', () => {
    const pull = fail('server', { at: at(10) });
    const push = fail('bad_response', { at: at(20) });
    expect(currentTrouble({ lastPullFailure: pull, lastPushFailure: push, lastOkAt: at(5) })).toBe(push);
    expect(currentTrouble({ lastPullFailure: pull, lastPushFailure: null, lastOkAt: at(15) })).toBeNull();
    expect(currentTrouble({ lastPullFailure: pull, lastPushFailure: null, lastOkAt: null })).toBe(pull);
  });

  it('leaves to the bar what it says its own way: offline, a wait the service asked for, a refused key; but not a login page', () => {
    for (const kind of ['offline', 'rate_limited', 'unauthorized', 'aborted', 'validation'])
      expect(currentTrouble({ lastPushFailure: fail(kind), lastOkAt: null }), kind).toBeNull();
    const login = fail('offline', { messageKey: 'api.login_page', params: { code: 'login_page' } });
    expect(currentTrouble({ lastPullFailure: login, lastOkAt: null })).toBe(login);
  });
});

describe('the words', () => {
  it('name each trouble, with what to do, in Dutch and English', () => {
    const nl = texts('nl');
    const en = texts('en');
    expect(troubleText(fail('server'), nl)).toBe('De service antwoordt met fouten');
    expect(troubleText(fail('server'), en)).toBe('The service answers with errors');
    const login = fail('offline', { messageKey: 'api.login_page', params: { code: 'login_page' } });
    expect(troubleText(login, nl)).toBe('Dit netwerk toont een inlogpagina');
    expect(troubleAdvice(login, en)).toMatch(/log in to this network/);
    const list = fail('server', { list: 'clients', setAside: 3 });
    expect(troubleText(list, en)).toBe('A list could not be read whole (3 set aside)');
    const aside = fail('set_aside', { messageKey: 'pull.set_aside', params: { count: 3 }, setAside: 3 });
    expect(troubleText(aside, nl)).toBe('Niet elk record kon worden gelezen (3 apart gezet)');
    expect(troubleAdvice(aside, nl)).toMatch(/^Je eigen werk blijft zoals het was/);
  });

  it('say in the editor why a save has not gone, and when it goes again', () => {
    const now = Date.parse(at(0));
    const e = { kind: 'server', messageKey: 'api.server', params: { status: 502 }, at: at(0), nextTryAt: new Date(now + 90_000).toISOString() };
    expect(pushErrorText(e, texts('en'), 'en', now)).toMatch(/^Not on the service yet: the service answers with errors\. Next try at \d\d:\d\d\.$/);
    expect(pushErrorText({ ...e, kind: 'network', messageKey: 'api.login_page', nextTryAt: null }, texts('nl'), 'nl', now)).toBe(
      'Nog niet op de service: dit netwerk toont een inlogpagina. Hij gaat opnieuw zodra het kan.',
    );
  });
});

describe('the hourly allowance', () => {
  it('names the desk’s own budget as such, with its time, never as a fault of the service; a wait the service asked for as that', () => {
    const own = fail('rate_limited', { messageKey: 'api.rate_limited.reserve', params: { remaining: 0, minutes: 42, seconds: 2520 } });
    expect(troubleText(own, texts('en'))).toBe("This hour's requests are used up; more in about 42 min");
    expect(troubleText(own, texts('nl'))).toBe('De verzoeken van dit uur zijn op; meer over ongeveer 42 min');
    expect(troubleText(own, texts('en'))).not.toMatch(/went wrong/);
    expect(troubleAdvice(own, texts('en'))).toMatch(/shared by every program on your key/);
    const asked = fail('rate_limited', { messageKey: 'api.rate_limited', params: { seconds: 120 } });
    expect(troubleText(asked, texts('nl'))).toBe('De service vroeg te wachten');
    // the editor's notice of a save that waits for the allowance
    const push = { kind: 'rate_limited', messageKey: 'api.rate_limited.reserve', params: {}, nextTryAt: null } as unknown as Parameters<
      typeof pushErrorText
    >[0];
    expect(pushErrorText(push, texts('en'), 'en')).toMatch(/this hour's requests are used up/);
  });
});
