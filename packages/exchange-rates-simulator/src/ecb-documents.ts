// The simulated rates written as the ECB writes its eurofxref files (gesmes envelope, newest
// day first, attributes in single quotes), so the real client reads them unchanged.
import { addDays, latestReferenceDay, type RatesPublication } from '@tapwise/exchange-rates';
import { simulatedPublication } from './rates-model.js';

/** The first day of the ECB's history, and of the simulator's. */
export const FIRST_REFERENCE_DAY = '1999-01-04';

export function renderEcbDocument(publications: readonly RatesPublication[]): string {
  const days = [...publications]
    .sort((a, b) => b.date.localeCompare(a.date))
    .map((publication) => {
      const rates = Object.entries(publication.unitsPerEuro)
        .map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`)
        .join('\n');
      return `\t\t<Cube time='${publication.date}'>\n${rates}\n\t\t</Cube>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
${days}
\t</Cube>
</gesmes:Envelope>
`;
}

/** The simulated publications from one day to another, oldest first. */
export function simulatedPublications(from: string, to: string): RatesPublication[] {
  const publications: RatesPublication[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const publication = simulatedPublication(day);
    if (publication) publications.push(publication);
  }
  return publications;
}

/** What each eurofxref file holds at an instant. */
export function simulatedFeed(
  file: 'eurofxref-daily.xml' | 'eurofxref-hist-90d.xml' | 'eurofxref-hist.xml',
  now: Date,
  firstDay = FIRST_REFERENCE_DAY,
): RatesPublication[] {
  const latest = latestReferenceDay(now);
  if (file === 'eurofxref-daily.xml') return simulatedPublications(latest, latest);
  const from = file === 'eurofxref-hist-90d.xml' ? addDays(latest, -90) : firstDay;
  return simulatedPublications(from < firstDay ? firstDay : from, latest);
}
