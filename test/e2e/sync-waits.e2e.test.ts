// Waiting on the service, as a person sees it: the longest wait for one
// answer is a number field in Settings, and after a failure the sync bar says
// when the next try goes and why (here the service's 503 with Retry-After),
// in English and Dutch, on the pending count's line at 1024 px.
import { describe, expect, it } from 'vitest';
import { appForFile, axeViolations, bridge, screenshot, syncText } from './support';

const desk = appForFile({ language: 'en', viewport: { width: 1024, height: 640 } });

const base = () => desk.app.host.url.split('#')[0];

/** A moment as the page writes a time of day, in the page's own time zone. */
function pageTime(iso: string, locale: 'en-GB' | 'nl-NL'): Promise<string> {
  return desk.page.evaluate(([at, l]) => new Date(at).toLocaleTimeString(l, { hour: '2-digit', minute: '2-digit' }), [iso, locale] as const);
}

describe('the longest wait for one answer, in Settings', () => {
  it('shows 120 seconds, stores a new value, and keeps the one in force for a value out of bounds', async () => {
    await desk.page.goto(`${base()}#/settings`);
    // a technical setting: under Advanced, closed until opened
    await desk.page.getByText('Advanced', { exact: true }).click();
    const field = desk.page.getByLabel('Longest wait for one answer from the service (seconds)');
    await field.waitFor();
    expect(await field.inputValue()).toBe('120');
    expect(await desk.page.getByText('A slow connection may need longer.').count()).toBe(1);

    await field.fill('30');
    await field.press('Tab');
    await expect.poll(async () => (await bridge(desk.page, 'settings.get', {})).answerWaitSeconds).toBe(30);

    await field.fill('5');
    await field.press('Tab');
    await expect.poll(() => field.inputValue()).toBe('30');
    expect((await bridge(desk.page, 'settings.get', {})).answerWaitSeconds).toBe(30);

    await field.scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'settings-answer-wait');
    expect(await axeViolations(desk.page)).toEqual([]);
    expect(desk.app.errors).toEqual([]);
  });
});

describe('the next try in the sync bar', () => {
  it('says when the next try goes, and that the service asked to wait, after a 503 with Retry-After', async () => {
    await desk.page.goto(`${base()}#/clients`);
    await desk.page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    expect(await desk.page.getByTestId('next-try').count()).toBe(0);

    desk.app.host.sandbox!.addFault({ method: 'POST', path: '/clients', effect: { kind: 'error', status: 503, applied: false, retryAfter: '120' } });
    await bridge(desk.page, 'clients.create', { fields: { company: 'Bakkerij Zon' } });
    const next = desk.page.getByTestId('next-try');
    await next.waitFor({ timeout: 15_000 });
    const status = await bridge(desk.page, 'sync.status', {});
    expect(status.nextTry?.why).toBe('service_asked');
    const time = await pageTime(status.nextTry!.at, 'en-GB');
    expect(await next.innerText()).toBe(`next try at ${time} (the service asked to wait)`);
    expect(await syncText(desk.page)).toContain(`1 pending · next try at ${time} (the service asked to wait)`);

    // at 1024 px it keeps to one line of its own, beside the pending count, and nothing runs over the bar
    const height = (testId: string) => desk.page.getByTestId(testId).evaluate((el) => el.getBoundingClientRect());
    const [pending, told] = [await height('pending'), await height('next-try')];
    expect(told.height).toBeLessThan(pending.height * 1.5);
    expect(told.top).toBe(pending.top);
    const bar = desk.page.locator('footer.syncbar');
    expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(desk.page, 'sync-bar-next-try-en');
    expect(await axeViolations(desk.page)).toEqual([]);
  });

  it('and in Dutch', async () => {
    await bridge(desk.page, 'settings.set', { language: 'nl' });
    await desk.page.reload();
    const next = desk.page.getByTestId('next-try');
    await next.waitFor();
    const status = await bridge(desk.page, 'sync.status', {});
    const time = await pageTime(status.nextTry!.at, 'nl-NL');
    expect(await next.innerText()).toBe(`volgende poging om ${time} (de service vroeg te wachten)`);
    await screenshot(desk.page, 'sync-bar-next-try-nl');
    expect(desk.app.errors).toEqual([]);
  });
});
