// The API key is hidden in whatever the service sends back, in every form and
// at any length.
import { describe, expect, it } from 'vitest';
import { redact } from '../../electron/api/redact';

const KEY = 'Ab3-xY9_kL';
const AUTH = Buffer.from(`demo:${KEY}`).toString('base64');
const hide = (text: string, key = KEY) => redact(text, [key, Buffer.from(`demo:${key}`).toString('base64')]);

describe('hiding the key', () => {
  it('hides it as typed, in any case, URL-encoded wholly or in part, and in base64', () => {
    const b64 = Buffer.from(KEY).toString('base64');
    const forms = [
      KEY,
      KEY.toUpperCase(),
      KEY.toLowerCase(),
      encodeURIComponent(KEY),
      [...KEY].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join(''),
      [...KEY].map((c) => `%${c.charCodeAt(0).toString(16)}`).join(''),
      'Ab3%2DxY9_kL',
      b64,
      b64.replace(/=+$/, ''),
      b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
    ];
    for (const form of forms) {
      const out = hide(`GET /api/v1/clients?key=${form}&x=1 refused`);
      expect(out, form).not.toContain(form);
      expect(out, form).toBe('GET /api/v1/clients?key=[redacted]&x=1 refused');
    }
  });

  it('hides the Basic header, ours and any other', () => {
    expect(hide(`Authorization: Basic ${AUTH}`)).toBe('Authorization: Basic [redacted]');
    expect(hide(`echo: ${AUTH}`)).toBe('echo: [redacted]');
    expect(redact('Authorization: basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==', [])).toBe('Authorization: Basic [redacted]');
  });

  it('hides a key of three characters, even where it is spelled inside the word that replaces it', () => {
    expect(hide('the key act was refused; ACT again', 'act')).toBe('the key [redacted] was refused; [redacted] again');
    expect(hide('k=%61%63%74', 'act')).toBe('k=[redacted]');
    // a one-character key is hidden too: prose suffers before the key leaks
    expect(hide('x marks', 'x')).toBe('[redacted] marks');
  });

  it('leaves text without the key as it is', () => {
    expect(hide('The company name is too long (max 100).')).toBe('The company name is too long (max 100).');
  });
});
