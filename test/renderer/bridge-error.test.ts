// Whatever the host throws reaches the page as an error with a text in both
// languages: one that is not the bridge's own is said as an internal error.
import { describe, expect, it } from 'vitest';
import { asBridgeError } from '../../shared/bridge';
import { errorText } from '../../renderer/i18n/errors';

describe("an error that is not the bridge's own", () => {
  it('is said in the UI language, its own words kept as the detail', () => {
    const e = asBridgeError(new Error('An object could not be cloned.'));
    expect(e).toMatchObject({ kind: 'internal', messageKey: 'bridge.internal', params: { detail: 'An object could not be cloned.' } });
    expect(errorText(e, 'nl')).toBe(
      'Er ging iets mis in quotedesk (An object could not be cloned.). Wat je typte blijft bewaard; probeer het opnieuw en meld het als het blijft gebeuren.',
    );
    expect(errorText(asBridgeError('lost'), 'en')).toMatch(/^Something went wrong inside quotedesk \(lost\)/);
  });
});
