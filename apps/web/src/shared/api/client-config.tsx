// Loads /config.json once at start (spec 2 §7.1) and shares it with the app.
import { clientConfigSchema, type ClientConfig } from '@tapwise/contracts';
import { createContext, useContext, type ReactNode } from 'react';

export async function loadClientConfig(fetchImpl: typeof fetch = fetch): Promise<ClientConfig> {
  const response = await fetchImpl('/config.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return clientConfigSchema.parse(await response.json());
}

const ClientConfigContext = createContext<ClientConfig | null>(null);

export function ClientConfigProvider(props: { config: ClientConfig; children: ReactNode }) {
  return <ClientConfigContext value={props.config}>{props.children}</ClientConfigContext>;
}

export function useClientConfig(): ClientConfig {
  const config = useContext(ClientConfigContext);
  if (!config) throw new Error('useClientConfig needs ClientConfigProvider');
  return config;
}
