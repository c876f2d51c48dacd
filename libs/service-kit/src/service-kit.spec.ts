import { StoreDraftDto } from '@commerce/contracts';
import { ApiError } from '@commerce/errors';
import { HealthController } from './health.js';
import { parseDto } from './validation.js';

describe(parseDto.name, () => {
  it('returns the validated DTO without unknown fields', () => {
    const draft = parseDto(StoreDraftDto, { key: 'berlin', typo: 1 });
    expect(draft).toEqual({ key: 'berlin' });
  });

  it('raises 400 InvalidJsonInput naming every problem', () => {
    const error = (() => {
      try {
        parseDto(StoreDraftDto, { key: 'a', languages: 'en' });
      } catch (e) {
        return e as ApiError;
      }
    })();
    expect(error?.status).toBe(400);
    expect(error?.errors[0].code).toBe('InvalidJsonInput');
    expect(error?.errors[0].detailedErrorMessage).toMatch(/key.*languages|languages.*key/);
  });
});

describe(HealthController.name, () => {
  it('is ready when every check passes', async () => {
    const health = new HealthController([{ name: 'database', check: async () => undefined }]);
    await expect(health.ready()).resolves.toEqual({ status: 'ok', checks: { database: 'ok' } });
    expect(health.health()).toEqual({ status: 'ok' });
  });

  it('answers 503 naming the failing check', async () => {
    const health = new HealthController([
      { name: 'database', check: async () => undefined },
      { name: 'messaging', check: () => Promise.reject(new Error('connection refused')) },
    ]);
    const error = (await health.ready().catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(503);
    expect(error.message).toContain('messaging: connection refused');
  });
});
