import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.siteName).toBe('Tapwise');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.allowedOrigins).toContain('http://localhost:3000');
  });

  it('reads the keyword AI endpoint, with no endpoint and the documented limits by default', () => {
    expect(loadConfig({}).keywordAi).toEqual({
      baseUrl: undefined,
      apiKey: undefined,
      model: undefined,
      globalMonthlyLimit: 10_000,
      timeoutMs: 60_000,
    });
    const config = loadConfig({
      KEYWORD_AI_BASE_URL: 'http://127.0.0.1:11434/v1',
      KEYWORD_AI_MODEL: 'llama3.1',
      KEYWORD_AI_GLOBAL_MONTHLY_LIMIT: '500',
    });
    expect(config.keywordAi).toMatchObject({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.1',
      globalMonthlyLimit: 500,
    });
    expect(() => loadConfig({ KEYWORD_AI_BASE_URL: 'ftp://models' })).toThrow(
      /KEYWORD_AI_BASE_URL/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('names every invalid variable', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/DATABASE_URL: must be a postgres/);
    expect(message).toMatch(/NODE_ENV/);
  });

  it('splits comma lists and trims their entries', () => {
    const config = loadConfig({ INVITE_DOMAIN_ALLOWLIST: ' acme.com, , example.org ' });
    expect(config.inviteDomainAllowlist).toEqual(['acme.com', 'example.org']);
  });

  it('allows the Vite dev server origin in development only', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).allowedOrigins).toContain(
      'http://localhost:5173',
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(32),
        ENCRYPTION_KEY: 'ab'.repeat(32),
      }).allowedOrigins,
    ).not.toContain('http://localhost:5173');
  });

  it('lets integrations call Apple only, unless sandbox addresses are named', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).appleAdsSandboxOrigins).toEqual([]);
    expect(
      loadConfig({ APPLE_ADS_SANDBOX_URLS: 'http://127.0.0.1:9100/v1, https://sandbox.test' })
        .appleAdsSandboxOrigins,
    ).toEqual(['http://127.0.0.1:9100', 'https://sandbox.test']);
    expect(() => loadConfig({ APPLE_ADS_SANDBOX_URLS: 'file:///etc/passwd' })).toThrow(
      /APPLE_ADS_SANDBOX_URLS/,
    );
  });

  it('reads the ECB rates in production and simulated ones for a demo, unless told', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };
    const key = { ENCRYPTION_KEY: 'a'.repeat(64) };
    expect(loadConfig({ ...production, ...key }).exchangeRates).toBe('ECB');
    expect(loadConfig({ NODE_ENV: 'development' }).exchangeRates).toBe('SIMULATOR');
    expect(loadConfig({ NODE_ENV: 'test' }).exchangeRates).toBe('SIMULATOR');
    expect(loadConfig({ NODE_ENV: 'development', EXCHANGE_RATES: 'ecb' }).exchangeRates).toBe(
      'ECB',
    );
    expect(loadConfig({ ...production, ...key, EXCHANGE_RATES: 'simulator' }).exchangeRates).toBe(
      'SIMULATOR',
    );
    expect(() => loadConfig({ EXCHANGE_RATES: 'fixer' })).toThrow(/EXCHANGE_RATES/);
  });

  it('requires AUTH_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET: required/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
  });
});
