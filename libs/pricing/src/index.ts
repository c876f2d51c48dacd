export * from './money.js';
export * from './price-selection.js';
export * from './tax.js';
export * from './shipping-rates.js';
export * from './cart-totals.js';
export * from './cart-discounts.js';
