// The company's own apps, once each (an app may run in several ad accounts): what goals and
// partner integrations are set up for. Goals and partners name an app by its Apple id.
import { useQuery } from '@tanstack/react-query';
import { overviewApi, overviewKeys } from '../overview/overview-api';

export interface OwnAppChoice {
  appId: number;
  name: string;
}

export function useOwnAppChoices() {
  return useQuery({
    queryKey: overviewKeys.ownApps,
    queryFn: overviewApi.ownApps,
    select: (apps): OwnAppChoice[] => {
      const byId = new Map<number, OwnAppChoice>();
      for (const app of apps) {
        if (!byId.has(app.adamId)) byId.set(app.adamId, { appId: app.adamId, name: app.name });
      }
      return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
    },
  });
}
