import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { platform } from '../support/platform.js';

/** Debian's package (`apt-get install chromium`); CHROMIUM_PATH names another one. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * `/docs` in a real browser, offline: every asset comes from the gateway (a request to any other host is
 * aborted and fails the test), and Swagger UI renders the Stores operations from /openapi.json.
 */
describe('the /docs page in headless Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium`);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  afterAll(() => browser?.close());

  it('renders the Stores operations with only the gateway’s own assets', async () => {
    const { apiUrl } = await platform();
    const origin = new URL(apiUrl).origin;
    const page = await browser.newPage();
    const foreign: string[] = [];
    const failed: string[] = [];
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (new URL(url).origin === origin) return route.continue();
      foreign.push(url);
      return route.abort();
    });
    page.on('requestfailed', (request) => failed.push(request.url()));
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${apiUrl}/docs`);
    await page.locator('#operations-tag-stores').waitFor({ timeout: 30_000 });
    // Every tag is drawn, collapsed (docExpansion 'none'); opening Stores shows its operations.
    expect(await page.locator('[id^="operations-tag-"]').count()).toBeGreaterThan(20);
    await page.locator('#operations-tag-stores').click();
    // Swagger UI writes an operation's id CSS-escaped into the element id: `operations-stores-stores\.create`.
    const storeOperations = page.locator('[id^="operations-stores-stores"]');
    // The five GET, POST and DELETE operations (Swagger UI shows no HEAD routes: see openapi.page.ts).
    await page.waitForFunction(
      'document.querySelectorAll(\'[id^="operations-stores-stores"]\').length === 5',
      undefined,
      { timeout: 30_000 },
    );
    // The table lists every operation, the HEAD routes too.
    expect(await page.locator('tr[id="stores.exists"]').count()).toBe(1);
    const paths = await storeOperations.locator('.opblock-summary-path').allTextContents();
    expect(new Set(paths.map((path) => path.replace(/\u200b/g, '')))).toEqual(
      new Set(['/{projectKey}/stores', '/{projectKey}/stores/{idOrKey}']),
    );

    // The create operation shows its request body, derived from StoreDraftDto.
    const create = page.locator('[id^="operations-stores-stores"][id$="create"]');
    await create.locator('.opblock-summary').click();
    await create.locator('.opblock-section-request-body').waitFor({ timeout: 30_000 });
    await create.getByText('Schema', { exact: true }).first().click();
    await create.getByText('StoreDraftDto').first().waitFor({ timeout: 30_000 });

    expect(foreign).toEqual([]);
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
