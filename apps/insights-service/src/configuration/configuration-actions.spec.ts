import { ApiError } from '@commerce/errors';
import { applyInsightsActions, changedProviderTypes } from './configuration-actions.js';
import type { DraftContext } from './provider-drafts.js';
import type { StoredConfiguration } from './stored-configuration.js';

const context: DraftContext = {
  seal: (plain) => `sealed(${plain})`,
  outbound: { allowPrivate: false },
  vendorOverrides: {},
};

const base = (): StoredConfiguration => ({
  active: true,
  projectKey: 'p',
  providers: [
    { type: 'VendorA', active: true, eventTypes: ['Metrics'], region: 'eu', apiKey: 'sealed(old)' },
  ],
  additionalAttributes: [{ eventType: 'Logs', type: 'String', name: 'a', value: '1' }],
  lastModifiedAt: '2026-01-01T00:00:00.000Z',
  lastModifiedBy: {},
});

const codeOf = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    return error instanceof ApiError ? error.errors[0].code : String(error);
  }
  return 'no error';
};

describe(applyInsightsActions.name, () => {
  it('setProvider without apiKey keeps the stored key; with one seals it', async () => {
    const kept = await applyInsightsActions(
      base(),
      [{ action: 'setProvider', provider: { type: 'VendorA', eventTypes: [], region: 'us' } }],
      context,
    );
    expect(kept.providers[0]).toMatchObject({ region: 'us', apiKey: 'sealed(old)' });
    const replaced = await applyInsightsActions(
      base(),
      [{ action: 'setProvider', provider: { type: 'VendorA', eventTypes: [], region: 'us', apiKey: 'new' } }],
      context,
    );
    expect(replaced.providers[0]).toMatchObject({ apiKey: 'sealed(new)' });
  });

  it('refuses an https-less or private endpoint (production policy)', async () => {
    for (const endpoint of [
      'http://collector.example.com',
      'https://127.0.0.1:4318',
      'https://10.0.0.1',
      'https://localhost',
    ]) {
      expect(
        await codeOf(() =>
          applyInsightsActions(
            base(),
            [{ action: 'setProvider', provider: { type: 'OtlpHttp', eventTypes: [], endpoint } }],
            context,
          ),
        ),
      ).toBe('InvalidJsonInput');
    }
  });

  it('applies all actions or none: the input configuration is never changed', async () => {
    const config = base();
    const snapshot = JSON.stringify(config);
    expect(
      await codeOf(() =>
        applyInsightsActions(
          config,
          [{ action: 'deactivate' }, { action: 'removeProvider', provider: 'Otlp' }],
          context,
        ),
      ),
    ).toBe('InvalidOperation');
    expect(JSON.stringify(config)).toBe(snapshot);
  });

  it('names what changed so its export health restarts', async () => {
    const before = base();
    const after = await applyInsightsActions(
      before,
      [
        { action: 'setEventTypes', provider: 'VendorA', eventTypes: ['Logs'] },
        { action: 'addAttribute', attribute: { eventType: 'Logs', type: 'String', name: 'b', value: '' } },
      ],
      context,
    );
    expect(changedProviderTypes(before, after)).toEqual(['VendorA']);
    expect(changedProviderTypes(after, after)).toEqual([]);
  });

  it('refuses an unknown action as InvalidJsonInput, as every resource does, and names every problem', async () => {
    const refusal = await applyInsightsActions(
      base(),
      [{ action: 'setColour' }, { action: 'setActive', provider: 'VendorA' }],
      context,
    ).catch((error: ApiError) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).errors[0].code).toBe('InvalidJsonInput');
    const detail = String((refusal as ApiError).errors[0].detailedErrorMessage);
    expect(detail).toMatch(/actions\[0\]\.action: unknown update action "setColour"/);
    expect(detail).toMatch(/actions\[1\]\.active/);
  });
});
