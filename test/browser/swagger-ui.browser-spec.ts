import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { DEMO_EXAMPLES } from '../../apps/api/src/demo-examples';
import { type DemoServer, startDemoServer } from '../support/demo-server';

/**
 * A new user's first minutes in Swagger UI, in a real headless Chromium: log in with the prefilled
 * try-out of POST /login, find the page authorized without touching the Authorize dialog, reload
 * it and still be authorized, and call one operation of each context with its prefilled
 * parameters. Screenshots of every step go to artifacts/swagger-ui/ (CI keeps them).
 */

const ARTIFACTS = join(__dirname, '..', '..', 'artifacts', 'swagger-ui');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

describe('Swagger UI in headless Chromium', () => {
  let server: DemoServer;
  let context: BrowserContext;
  let page: Page;
  let profile: string;

  beforeAll(async () => {
    rmSync(ARTIFACTS, { recursive: true, force: true });
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startDemoServer('nomina_test_browser');
    profile = mkdtempSync(join(tmpdir(), 'swagger-ui-profile-'));
    // A fresh profile; flags for a root user in a container without GPU or network services.
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1280, height: 900 },
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    page = context.pages()[0] ?? (await context.newPage());
  });

  afterAll(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
    await server?.close();
  });

  const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false });

  /** Opens an operation, presses Try it out and Execute, and returns its block once answered. */
  async function tryOut(method: string, path: string): Promise<Locator> {
    const block = page.locator(`.opblock-${method}`).filter({ has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });
    await block.locator('.opblock-summary').first().click();
    await block.locator('button.try-out__btn').click();
    await block.locator('button.execute').click();
    await block.locator('.live-responses-table tbody .response-col_status').first().waitFor();
    // The screenshot shows the request URL, the status and the start of the body.
    await block.locator('.request-url').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    return block;
  }

  const status = async (block: Locator) =>
    (await block.locator('.live-responses-table tbody .response-col_status').first().innerText()).trim();

  it('shows the API with the demo login prefilled', async () => {
    await page.goto(`${server.base}/docs`);
    await page.locator('.swagger-ui .opblock').first().waitFor();
    await expect(page.locator('.info .title').innerText()).resolves.toContain('Nómina');
    await shot('01-docs');
  });

  it('logs in with the try-out of POST /login and is authorized without the dialog', async () => {
    const login = await tryOut('post', '/login');
    expect(await status(login)).toBe('200');
    await expect(login.locator('.live-responses-table tbody .response-col_description').innerText()).resolves.toContain('tokenCurrent');
    await expect(login.locator('textarea.body-param__text').inputValue()).resolves.toContain(DEMO_EXAMPLES.login.email);
    await shot('02-login');
    // The interceptor authorized the page: the Authorize button shows a closed lock...
    await page.locator('.auth-wrapper .authorize.locked').waitFor();
    // ...and the dialog lists the bearer scheme as authorized.
    await page.locator('.auth-wrapper .authorize').click();
    const modal = page.locator('.dialog-ux .modal-ux');
    await modal.waitFor();
    await expect(modal.innerText()).resolves.toMatch(/Authorized/);
    await shot('03-authorized');
    await modal.locator('button.close-modal').click();
    await page.locator('.swagger-ui .opblock-post').first().locator('.opblock-summary').click();
  });

  it('keeps the authorization across a reload (Swagger UI persistAuthorization)', async () => {
    await page.reload();
    await page.locator('.swagger-ui .opblock').first().waitFor();
    await page.locator('.auth-wrapper .authorize.locked').waitFor({ timeout: 10_000 });
    await shot('04-reloaded-still-authorized');
    // Swagger UI's own persistence: the authorization it keeps in localStorage, not a copy of ours.
    const stored = await page.evaluate<string | null>("window.localStorage.getItem('authorized')");
    expect(JSON.parse(stored ?? '{}')).toEqual({ bearer: expect.objectContaining({ value: expect.stringMatching(/^eyJ/) }) });
  });

  it('calls nómina (GET /pagos) after the reload without logging in again; `format` is one selector', async () => {
    const block = await tryOut('get', '/pagos');
    expect(await status(block)).toBe('200');
    await expect(block.locator('.request-url').innerText()).resolves.toContain('params%5Bestados%5D=PG%2CPP');
    await shot('05-nomina-pagos');
    // An enum parameter is one <select>; `examples` next to it would add a second one below.
    const format = block.locator('tr[data-param-name="format"]');
    expect(await format.locator('select').count()).toBe(1);
    await format.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await format.screenshot({ path: join(ARTIFACTS, '06-pagos-format-selector.png') });
    await block.locator('.opblock-summary').first().click();
  });

  it('calls reportes (GET /reports/reportUtility) for a premium business, with no status filter sent', async () => {
    const block = await tryOut('get', '/reports/reportUtility');
    expect(await status(block)).toBe('200');
    const url = await block.locator('.request-url').innerText();
    expect(url).toContain(`businessId=${DEMO_EXAMPLES.businessId}`);
    expect(url).not.toContain('status=');
    expect(await block.locator('tr[data-param-name="status"] select').count()).toBe(1);
    await shot('07-reportes-reportUtility');
    await block.locator('.opblock-summary').first().click();
  });

  it('calls proveedores (GET /proveedor/{identificacion})', async () => {
    const block = await tryOut('get', '/proveedor/{identificacion}');
    expect(await status(block)).toBe('200');
    await expect(block.locator('.live-responses-table tbody .response-col_description').innerText()).resolves.toContain(
      '"identificacion": "1047153323"',
    );
    await shot('08-proveedores-proveedor');
  });
});
