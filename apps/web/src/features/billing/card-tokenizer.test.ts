import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BILLING_CONFIG } from './billing-factories';
import { loadProviderScript, resetCardTokenizer, type ChargebeeGlobal } from './card-tokenizer';

const { jsUrl } = BILLING_CONFIG.billing;
const scripts = () => document.head.querySelectorAll(`script[src="${jsUrl}"]`);

beforeEach(() => resetCardTokenizer());
afterEach(() => {
  delete window.Chargebee;
  for (const script of scripts()) script.remove();
});

describe('provider script', () => {
  it('is added to the page once however many forms ask for it', async () => {
    const first = loadProviderScript(jsUrl);
    const second = loadProviderScript(jsUrl);
    expect(scripts()).toHaveLength(1);
    const chargebee = { init: () => ({}) } as unknown as ChargebeeGlobal;
    window.Chargebee = chargebee;
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(chargebee);
    await expect(second).resolves.toBe(chargebee);
    await expect(loadProviderScript(jsUrl)).resolves.toBe(chargebee);
    expect(scripts()).toHaveLength(1);
  });

  it('may be tried again after it failed to load', async () => {
    const failed = loadProviderScript(jsUrl);
    scripts()[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toMatchObject({ code: 'network_error' });
    expect(scripts()).toHaveLength(0);
    void loadProviderScript(jsUrl).catch(() => undefined);
    expect(scripts()).toHaveLength(1);
  });
});
