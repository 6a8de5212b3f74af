// The company details for documents, through the bridge as the page calls it,
// kept in a real file in a scratch data folder.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CompanyDetails } from '../../electron/document/company-file';
import { startTestCore, type TestCore } from '../helpers/core';
import { EMPTY_COMPANY, type CompanyFields } from '../../shared/bridge';
import { LOGO_MAX_BYTES } from '../../shared/document';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const JANSEN: CompanyFields = {
  ...EMPTY_COMPANY,
  name: 'Studio Jansen',
  street: 'Oudegracht 12',
  postcode: '3511 AB',
  city: 'Utrecht',
  country: 'Nederland',
  vatNumber: 'NL001234567B01',
  cocNumber: '12345678',
  iban: 'NL91 ABNA 0417 1643 00',
  email: 'hallo@studiojansen.nl',
  phone: '030 123 4567',
};

let t: TestCore | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await t?.close();
  t = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function scratch(): string {
  const d = mkdtempSync(join(tmpdir(), 'quotedesk-company-'));
  dirs.push(d);
  return d;
}

describe('company details', () => {
  it('start empty, are kept in the data folder and read again after a restart', async () => {
    const dataDir = scratch();
    t = await startTestCore({ dataDir });
    expect(await t.ok('company.get', {})).toEqual({ ...EMPTY_COMPANY, logo: null, logoType: null, unreadableFile: null });
    const saved = await t.ok('company.set', { fields: { ...JANSEN, name: '  Studio Jansen  ' } });
    expect(saved.name).toBe('Studio Jansen');
    await t.ok('company.setLogo', { type: 'image/png', dataBase64: PNG.toString('base64') });
    await t.close();

    t = await startTestCore({ dataDir });
    const again = await t.ok('company.get', {});
    expect({ ...again, logo: undefined, logoType: undefined }).toEqual({ ...JANSEN, logo: undefined, logoType: undefined, unreadableFile: null });
    expect(again.logo).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(JSON.parse(readFileSync(join(dataDir, 'company.json'), 'utf8')).fields.city).toBe('Utrecht');
  });

  it('refuse an IBAN that does not add up, beside its field, and keep what was stored', async () => {
    t = await startTestCore({ dataDir: scratch() });
    await t.ok('company.set', { fields: JANSEN });
    const r = await t.call('company.set', { fields: { ...JANSEN, name: 'Other', iban: 'NL91 ABNA 0417 1643 01' } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('validation');
    expect(r.error.fieldErrors?.map((f) => f.field)).toEqual(['iban']);
    expect(r.error.message).toMatch(/mistyped/);
    expect((await t.ok('company.get', {})).name).toBe('Studio Jansen');
  });

  it('refuse a logo that is too large, or is not an image whatever it claims, and keep the one there', async () => {
    t = await startTestCore({ dataDir: scratch() });
    await t.ok('company.setLogo', { type: 'image/png', dataBase64: PNG.toString('base64') });

    const large = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]);
    const tooLarge = await t.call('company.setLogo', { type: 'image/png', dataBase64: large.toString('base64') });
    expect(tooLarge.ok).toBe(false);
    if (!tooLarge.ok) expect(tooLarge.error.message).toMatch(/larger than 512 KB|at most 512 KB/);

    const pdf = await t.call('company.setLogo', { type: 'image/png', dataBase64: Buffer.from('%PDF-1.7 not an image').toString('base64') });
    expect(pdf.ok).toBe(false);
    if (!pdf.ok) {
      expect(pdf.error.kind).toBe('validation');
      expect(pdf.error.message).toMatch(/not a PNG, JPEG or SVG image/);
    }
    const script = await t.call('company.setLogo', { type: 'image/svg+xml', dataBase64: Buffer.from('<script>alert(1)</script>').toString('base64') });
    expect(script.ok).toBe(false);

    expect((await t.ok('company.get', {})).logoType).toBe('image/png');
    // a JPEG sent as PNG is stored as what it is
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 1, 2, 3]);
    expect((await t.ok('company.setLogo', { type: 'image/png', dataBase64: jpeg.toString('base64') })).logoType).toBe('image/jpeg');
    expect((await t.ok('company.removeLogo', {})).logo).toBeNull();
  });

  it('a file that cannot be read is put aside, never overwritten, and the details start empty', () => {
    const dir = scratch();
    const file = join(dir, 'company.json');
    writeFileSync(file, '{"fields": {"name": "half a fi');
    const company = new CompanyDetails(file);
    expect(company.get().name).toBe('');
    expect(company.keptAside).not.toBeNull();
    expect(readFileSync(company.keptAside!, 'utf8')).toBe('{"fields": {"name": "half a fi');
    // the person is told where it went until they enter the details again
    expect(company.get().unreadableFile).toBe(company.keptAside);
    company.setLogo('image/png', PNG.toString('base64'));
    expect(company.get().unreadableFile).toBe(company.keptAside);
    company.setFields(JANSEN);
    expect(company.get().unreadableFile).toBeNull();
    expect(readdirSync(dir).sort()).toEqual(['company.json', company.keptAside!.slice(dir.length + 1)].sort());
  });

  it('a file of an older version, missing fields, reads with those fields empty', () => {
    const dir = scratch();
    const file = join(dir, 'company.json');
    writeFileSync(file, JSON.stringify({ fields: { name: 'Oud', iban: 'NL91ABNA0417164300' } }));
    const company = new CompanyDetails(file);
    expect(company.keptAside).toBeNull();
    expect(company.get()).toMatchObject({ name: 'Oud', iban: 'NL91ABNA0417164300', street: '', logo: null });
    expect(existsSync(file)).toBe(true);
  });
});
