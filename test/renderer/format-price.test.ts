import { describe, expect, it } from 'vitest';
import { formatMoney, formatPrice } from '../../renderer/lib/format';

describe('prices to 3 decimals', () => {
  it('keeps a third decimal a price has, and the currency’s own decimals otherwise', () => {
    expect(formatPrice(0.125, 'EUR', 'en')).toBe('€0.125');
    expect(formatPrice(0.125, 'EUR', 'nl').replace(/\s/g, ' ')).toBe('€ 0,125');
    expect(formatPrice(795, 'EUR', 'en')).toBe('€795.00');
    expect(formatPrice('12.5', 'GBP', 'en')).toBe('£12.50');
    // a currency without decimals keeps none unless the price has them
    expect(formatPrice(1000, 'JPY', 'en')).toBe('JP¥1,000');
    // totals stay in cents
    expect(formatMoney(0.125, 'EUR', 'en')).toBe('€0.13');
  });

  it('shows what it cannot read as it is, and nothing for no price', () => {
    expect(formatPrice('abc', 'EUR', 'en')).toBe('abc');
    expect(formatPrice(null, 'EUR', 'en')).toBe('');
    expect(formatPrice('', 'EUR', 'en')).toBe('');
  });
});
