// The check every link passes before quotedesk opens it in the browser:
// https only, no login in it, no control characters, not absurdly long.
import { describe, expect, it } from 'vitest';
import { EXTERNAL_LINK_MAX, externalLinkProblem } from '../../shared/external-link';

describe('externalLinkProblem', () => {
  it('lets a plain https link through, with a port, a path, a query and a fragment', () => {
    expect(externalLinkProblem('https://sign.example.com/sign/0123456789abcdef01234567')).toBeNull();
    expect(externalLinkProblem('https://app.example.nl:8443/offerte/teken?id=42&lang=nl#top')).toBeNull();
    expect(externalLinkProblem('https://xn--bcher-kva.example/')).toBeNull();
  });

  it('refuses every scheme but https', () => {
    expect(externalLinkProblem('http://sign.example.com/sign/abc')).toBe('not_https');
    expect(externalLinkProblem('javascript:alert(1)')).toBe('not_https');
    expect(externalLinkProblem('JavaScript:alert(document.cookie)')).toBe('not_https');
    expect(externalLinkProblem('file:///etc/passwd')).toBe('not_https');
    expect(externalLinkProblem('mailto:someone@example.com')).toBe('not_https');
    expect(externalLinkProblem('data:text/html,<script>alert(1)</script>')).toBe('not_https');
    expect(externalLinkProblem('ms-settings:privacy')).toBe('not_https');
    expect(externalLinkProblem('ftp://example.com/file')).toBe('not_https');
  });

  it('refuses a user name or password in the link', () => {
    expect(externalLinkProblem('https://user:secret@sign.example.com/sign/abc')).toBe('credentials');
    expect(externalLinkProblem('https://user@sign.example.com/sign/abc')).toBe('credentials');
    expect(externalLinkProblem('https://:secret@sign.example.com/')).toBe('credentials');
  });

  it('refuses links that are too long, and takes one of exactly the limit', () => {
    const base = 'https://sign.example.com/';
    expect(externalLinkProblem(base + 'a'.repeat(EXTERNAL_LINK_MAX - base.length))).toBeNull();
    expect(externalLinkProblem(base + 'a'.repeat(EXTERNAL_LINK_MAX - base.length + 1))).toBe('too_long');
    expect(externalLinkProblem('javascript:' + 'a'.repeat(100_000))).toBe('too_long');
  });

  it('refuses what is not a URL, and links that only parse once spaces or control characters are dropped', () => {
    expect(externalLinkProblem('')).toBe('invalid');
    expect(externalLinkProblem('not a link')).toBe('invalid');
    expect(externalLinkProblem('sign.example.com/sign/abc')).toBe('invalid');
    expect(externalLinkProblem(' https://sign.example.com/')).toBe('invalid');
    expect(externalLinkProblem('https://sign.example.com/\n')).toBe('invalid');
    expect(externalLinkProblem('java\tscript:alert(1)')).toBe('invalid');
    expect(externalLinkProblem('https://sign.exa\u0000mple.com/')).toBe('invalid');
    expect(externalLinkProblem('https://')).toBe('invalid');
  });
});
