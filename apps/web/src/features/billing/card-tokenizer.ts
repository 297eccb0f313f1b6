// Card tokenisation in the browser (docs/billing.md "Card tokenisation"): the provider's own
// script renders the card fields and turns them into a temporary token, so a card number or CVV
// never passes through Tapwise's code, state, storage or server. The script is loaded once, on the
// first card form, from the client config's billing.jsUrl (Chargebee.js in production, the
// simulator's stand-in in demo, tests and CI); only the subset below is used.
import type { ClientConfig } from '@tapwise/contracts';

type BillingConfig = NonNullable<ClientConfig['billing']>;

export interface CardFieldState {
  complete: boolean;
  empty: boolean;
  error?: { message: string };
}

interface CardComponent {
  on(event: 'ready' | 'change' | 'focus' | 'blur', listener: (state: CardFieldState) => void): void;
  mount(target: string | HTMLElement): Promise<unknown>;
  tokenize(additionalData?: Record<string, string>): Promise<{ token: string }>;
  clear(): void;
  destroy(): void;
}

interface ChargebeeInstance {
  load(module: 'components'): Promise<unknown>;
  createComponent(
    type: 'card',
    options: { placeholder?: Record<string, string>; locale?: string },
  ): CardComponent;
}

export interface ChargebeeGlobal {
  init(options: { site: string; publishableKey: string }): ChargebeeInstance;
  getInstance(): ChargebeeInstance;
}

declare global {
  interface Window {
    Chargebee?: ChargebeeGlobal;
  }
}

/** A tokenisation refusal: `invalid_card`, `invalid_publishable_key`, `network_error` or unknown. */
export class TokenizeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

let scriptLoad: Promise<ChargebeeGlobal> | undefined;
let instance: ChargebeeInstance | undefined;

/** Adds the provider's script to the page once; later calls share the same load. */
export function loadProviderScript(jsUrl: string): Promise<ChargebeeGlobal> {
  if (window.Chargebee) return Promise.resolve(window.Chargebee);
  scriptLoad ??= new Promise<ChargebeeGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = jsUrl;
    script.async = true;
    script.addEventListener('load', () =>
      window.Chargebee ? resolve(window.Chargebee) : reject(new Error('provider script missing')),
    );
    script.addEventListener('error', () => {
      scriptLoad = undefined;
      script.remove();
      reject(new TokenizeError('network_error', 'The payment script could not be loaded.'));
    });
    document.head.append(script);
  });
  return scriptLoad;
}

/** Forgets the loaded script and instance (tests). */
export function resetCardTokenizer(): void {
  scriptLoad = undefined;
  instance = undefined;
}

async function providerInstance(billing: BillingConfig): Promise<ChargebeeInstance> {
  const chargebee = await loadProviderScript(billing.jsUrl);
  instance ??= chargebee.init({ site: billing.site, publishableKey: billing.publishableKey });
  await instance.load('components');
  return instance;
}

export interface CardField {
  /** The temporary token of the card in the fields, which are emptied afterwards. */
  tokenize(names: { firstName?: string; lastName?: string }): Promise<string>;
  destroy(): void;
}

export interface MountOptions {
  placeholder: { number: string; expiry: string; cvv: string };
  locale: string;
  onChange(state: CardFieldState): void;
  onReady(): void;
}

/** Renders the provider's card fields inside `element`. */
export async function mountCardField(
  billing: BillingConfig,
  element: HTMLElement,
  options: MountOptions,
): Promise<CardField> {
  const cb = await providerInstance(billing);
  const card = cb.createComponent('card', {
    placeholder: options.placeholder,
    locale: options.locale,
  });
  card.on('ready', () => options.onReady());
  card.on('change', (state) => options.onChange(state));
  await card.mount(element);
  return {
    async tokenize(names) {
      const data = Object.fromEntries(
        Object.entries(names).filter((entry): entry is [string, string] => Boolean(entry[1])),
      );
      try {
        const { token } = await card.tokenize(data);
        card.clear();
        return token;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        throw new TokenizeError(
          typeof code === 'string' ? code : 'unknown',
          error instanceof Error ? error.message : String(error),
        );
      }
    },
    destroy: () => card.destroy(),
  };
}
