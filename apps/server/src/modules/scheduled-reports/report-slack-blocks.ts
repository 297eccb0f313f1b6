// The chat message of a scheduled report in Slack's Block Kit: a header, the headline figures
// with their changes, the top rows by spend and a link to the ads manager.
import type { SlackMessage } from '../slack/slack-messages';
import type { ReportContent } from './report-content';
import { formatValue, headlineFigures } from './report-figures';
import { fillWords, type ReportWords } from './report-words';

/** Slack allows 10 fields per section and 3,000 characters per text. */
const FIELDS_PER_SECTION = 10;
const TEXT_MAX = 2900;

/** Slack's mrkdwn treats these as markup. */
const escapeMrkdwn = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function reportSlackMessage(
  channel: string,
  reportName: string,
  content: ReportContent,
  words: ReportWords,
  adsManagerUrl: string,
): SlackMessage {
  const window = fillWords(words.window, content.windows.current);
  const title = `${reportName}: ${window}`;
  const fields = headlineFigures(content, words).map((figure) => ({
    type: 'mrkdwn',
    text: `*${escapeMrkdwn(figure.label)}*\n${escapeMrkdwn(figure.value)}${figure.change ? ` (${figure.change})` : ''}`,
  }));
  const sections = [];
  for (let start = 0; start < fields.length; start += FIELDS_PER_SECTION)
    sections.push({ type: 'section', fields: fields.slice(start, start + FIELDS_PER_SECTION) });
  const topLines = content.topRows.map((row, index) =>
    `${index + 1}. ${escapeMrkdwn(row.name)}: ${formatValue('spend', row.counts.localSpendMicros)} ${row.details.currency ?? ''}`.trimEnd(),
  );
  const topText = `*${escapeMrkdwn(fillWords(words.topRows, { count: content.topRows.length }))}*\n${topLines.join('\n')}`;
  return {
    channel,
    text: title,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: title.slice(0, 150) } },
      ...sections,
      { type: 'divider' },
      { type: 'section', text: { type: 'mrkdwn', text: topText.slice(0, TEXT_MAX) } },
      {
        type: 'actions',
        elements: [
          {
            type: 'button',
            text: { type: 'plain_text', text: words.openAdsManager },
            url: adsManagerUrl,
          },
        ],
      },
    ],
  };
}
