// The product list's price incl. tax: in cents where the service worked it
// out to 3 decimals, with its third decimal where the person typed one.
import { describe, expect, it } from 'vitest';
import { listedPriceInTax } from '../../renderer/lib/listed-price';
import { defaultProfileText } from '../../renderer/lib/default-profile';

describe('the price incl. tax the product list shows', () => {
  it('shows the service’s 3-decimal figure in cents, rounded from the exact price', () => {
    expect(listedPriceInTax({ price: 22.07, taxes: 21, priceintax: 26.705 })).toBe(26.7);
    // a service that rounds the other way changes nothing
    expect(listedPriceInTax({ price: 22.07, taxes: 21, priceintax: 26.704 })).toBe(26.7);
    expect(listedPriceInTax({ price: 95, taxes: 21, priceintax: 114.95 })).toBe(114.95);
    expect(listedPriceInTax({ price: 0.13, taxes: 21, priceintax: 0.157 })).toBe(0.16);
  });

  it('keeps a third decimal the person typed, and a price incl. tax set by hand', () => {
    expect(listedPriceInTax({ price: 0.125, taxes: 21, priceintax: 0.151 })).toBe(0.151);
    expect(listedPriceInTax({ price: 22.07, taxes: 21, priceintax: 26.999 })).toBe(26.999);
    expect(listedPriceInTax({ price: 22.07, taxes: 21, priceintax: 26.95 })).toBe(26.95);
    expect(listedPriceInTax({ price: 22.07, taxes: 21, priceintax: null })).toBeNull();
  });
});

describe('the profile field’s default', () => {
  const t = (key: string, v?: Record<string, unknown>) => (key === 'documentOptions.profileDefault' ? `${String(v!.name)} (standaard)` : key);
  it('does not say the word for default twice', () => {
    expect(defaultProfileText('Standaard', t)).toBe('Standaard');
    expect(defaultProfileText('Default', t)).toBe('Default');
    expect(defaultProfileText('Modern', t)).toBe('Modern (standaard)');
    expect(defaultProfileText(null, t)).toBe('documentOptions.profileDefaultUnnamed');
  });
});
