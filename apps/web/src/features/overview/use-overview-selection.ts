// What the overview is about: the app (kept in browser storage under the spec's orgId and adamId
// keys, cleared at sign-out) and the period, counted from the UTC day like on every page.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { STORAGE_KEYS, readStored, writeStored } from '../../shared/storage/browser-storage';
import { useNow } from '../../shared/time/use-now';
import { overviewApi, overviewKeys, type OverviewScope, type OwnApp } from './overview-api';
import { DEFAULT_PERIOD, resolveChoice, type PeriodChoice } from '../../shared/period/period';

const MINUTE_MS = 60_000;

export interface AppKey {
  adAccountId: number;
  adamId: number;
}

function storedApp(): AppKey | null {
  const adAccountId = Number(readStored(STORAGE_KEYS.orgId));
  const adamId = Number(readStored(STORAGE_KEYS.adamId));
  return adAccountId > 0 && adamId > 0 ? { adAccountId, adamId } : null;
}

export const sameApp = (a: AppKey, b: AppKey) =>
  a.adAccountId === b.adAccountId && a.adamId === b.adamId;

/** The chosen app when it is still listed, else the first (spec: own apps default to 1). */
export function pickApp(apps: readonly OwnApp[], chosen: AppKey | null): OwnApp | null {
  return (chosen && apps.find((app) => sameApp(app, chosen))) ?? apps[0] ?? null;
}

export function useOverviewSelection() {
  const apps = useQuery({ queryKey: overviewKeys.ownApps, queryFn: overviewApi.ownApps });
  const [chosenApp, setChosenApp] = useState<AppKey | null>(storedApp);
  const [period, setPeriod] = useState<PeriodChoice>(DEFAULT_PERIOD);
  // The UTC day turns at midnight and a running period's hour on the hour; a page left open picks
  // that up within a minute.
  const now = useNow(MINUTE_MS);
  const app = apps.data ? pickApp(apps.data, chosenApp) : null;
  const resolved = resolveChoice(period, new Date(now));
  // Query keys compare by value: a new object for the same days and hour asks nothing again.
  const scope: OverviewScope | null = app
    ? { adAccountId: app.adAccountId, adamId: app.adamId, ...resolved }
    : null;

  function selectApp(key: AppKey) {
    writeStored(STORAGE_KEYS.orgId, String(key.adAccountId));
    writeStored(STORAGE_KEYS.adamId, String(key.adamId));
    setChosenApp(key);
  }

  return { apps, app, now: new Date(now), period, setPeriod, selectApp, scope, resolved };
}
