// The API key never leaves the main process, not even inside what the
// service sends back: an error page may echo the request, its query or its
// Authorization header. Every form a key can take there is hidden, at any
// length: as typed, in any case, URL-encoded (wholly or in part, %2d or
// %2D), in base64 (standard or URL-safe, with or without padding), and the
// Basic header's credentials whatever they are.

const REDACTED = '[redacted]';

// escaped for a pattern with the u flag, where only these may be escaped
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `secret` with each character as itself or percent-encoded; the pattern is matched in any case. */
function spelled(secret: string): string {
  return [...secret]
    .map((ch) => {
      const bytes = [...new TextEncoder().encode(ch)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
      // a space may also be written + in a form-encoded text
      return ch === ' ' ? `(?:${literal(ch)}|${bytes}|\\+)` : `(?:${literal(ch)}|${bytes})`;
    })
    .join('');
}

function base64Forms(secret: string): string[] {
  const b64 = Buffer.from(secret, 'utf8').toString('base64');
  const bare = b64.replace(/=+$/, '');
  return [b64, bare, bare.replace(/\+/g, '-').replace(/\//g, '_')];
}

/** `text` with every secret (the key, the Authorization value) and any Basic credentials replaced by [redacted]. */
export function redact(text: string, secrets: readonly string[]): string {
  const forms: string[] = [];
  for (const s of secrets) {
    if (s === '') continue;
    forms.push(spelled(s), ...base64Forms(s).map(literal));
  }
  // whatever credentials a Basic header carries, ours or not
  forms.push('Basic\\s+[A-Za-z0-9+/=_-]{4,}');
  // one pass, longest first: a replacement is never searched again (a short key may be spelled inside "[redacted]")
  forms.sort((a, b) => b.length - a.length);
  return text.replace(new RegExp(forms.join('|'), 'giu'), (m) => (/^basic\s/i.test(m) ? `Basic ${REDACTED}` : REDACTED));
}
