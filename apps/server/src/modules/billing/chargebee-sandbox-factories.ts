// Test factories against the sandbox's Chargebee simulator: a test server with billing on that
// calls the simulator (its webhooks pointed back at the server), and a card tokenised there as
// the browser's Chargebee.js would.
import {
  CHARGEBEE_SANDBOX_API_KEY,
  CHARGEBEE_SANDBOX_PUBLISHABLE_KEY,
  CHARGEBEE_SANDBOX_SITE,
  startSandbox,
  type Sandbox,
} from '@tapwise/apple-ads-sandbox';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';

/** The credentials the simulator's webhooks carry and the test server expects. */
export const SIMULATOR_HOOK = {
  username: 'tapwise-billing-hooks',
  password: 'hook-password-for-tests-0123',
};

/** A new sandbox and a test server with billing on against its Chargebee simulator. */
export async function startBillingSandbox(): Promise<{ sandbox: Sandbox; server: TestServer }> {
  const sandbox = await startSandbox({ scenario: 'new' });
  const server = await startTestServer({
    BILLING: 'chargebee',
    CHARGEBEE_SITE: CHARGEBEE_SANDBOX_SITE,
    CHARGEBEE_API_KEY: CHARGEBEE_SANDBOX_API_KEY,
    CHARGEBEE_PUBLISHABLE_KEY: CHARGEBEE_SANDBOX_PUBLISHABLE_KEY,
    CHARGEBEE_API_URL: sandbox.chargebee.apiUrl,
    CHARGEBEE_JS_URL: sandbox.chargebee.jsUrl,
    CHARGEBEE_WEBHOOK_USERNAME: SIMULATOR_HOOK.username,
    CHARGEBEE_WEBHOOK_PASSWORD: SIMULATOR_HOOK.password,
  });
  sandbox.chargebee.setWebhook({ url: `${server.url}/v1/api/chargebee/pic-wh`, ...SIMULATOR_HOOK });
  return { sandbox, server };
}

/** A temporary token for a card number, from the simulator's stand-in for Chargebee.js. */
export async function simulatorCardToken(sandbox: Sandbox, number: string) {
  const response = await fetch(`${sandbox.chargebee.apiUrl}/js/v2/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      publishableKey: CHARGEBEE_SANDBOX_PUBLISHABLE_KEY,
      number,
      expiryMonth: 12,
      expiryYear: 2040,
      cvv: '123',
    }),
  });
  return ((await response.json()) as { token: string }).token;
}
